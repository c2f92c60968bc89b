import { useRef, useState, type FormEvent } from "react";
import { MAX_PRODUCT_IMAGES, MAX_UPLOAD_FILES, PRODUCT_MESSAGES } from "#contract/product-editing-rules";
import { uploadImagesCall } from "#contract/product-editing";
import { errorIdOf } from "~/components/form-field";
import { CloseIcon } from "~/components/icons";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { compressImages } from "./compress-images";
import type { FormImage } from "./product-form-values";

/** upload-images' body: the files as multipart in the repeated field `files`. */
function imagesForm(files: { blob: Blob; name: string }[]) {
  const form = new FormData();
  for (const file of files) form.append("files", file.blob, file.name);
  return form;
}

/**
 * The product's photos: compressed in a worker and uploaded as soon as they are picked (spec section 4);
 * the first is the main one; staff reorder and remove them. `onUploading` tells the form while an upload
 * runs (it waits to save).
 */
export function ProductPhotos({
  images,
  onImages,
  onUploading,
  required,
  error,
}: {
  images: FormImage[];
  /** Takes the new list from the list as it is by then (uploads finish later). */
  onImages: (change: (images: FormImage[]) => FormImage[]) => void;
  onUploading: (uploading: boolean) => void;
  required: boolean;
  error: string | undefined;
}) {
  const [preview, setPreview] = useState(0);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function busy(value: boolean) {
    setUploading(value);
    onUploading(value);
  }

  async function pickFiles(event: FormEvent<HTMLInputElement>) {
    const picked = [...((event.target as HTMLInputElement).files ?? [])];
    if (picked.length === 0) {
      toast("warning", PRODUCT_MESSAGES.selectImages);
      return;
    }
    const room = MAX_PRODUCT_IMAGES - images.length;
    if (picked.length > Math.min(room, MAX_UPLOAD_FILES)) {
      toast("warning", `Pick at most ${Math.min(room, MAX_UPLOAD_FILES)} more images.`);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    busy(true);
    try {
      const { compressed, skipped } = await compressImages(picked);
      if (skipped.length > 0)
        toast(
          "warning",
          "Some files were skipped",
          `Not images this browser can read: ${skipped.join(", ")}`,
        );
      if (compressed.length === 0) {
        toast("error", PRODUCT_MESSAGES.uploadFailed);
        return;
      }
      const result = await browserApi(uploadImagesCall, imagesForm(compressed));
      if (!result.ok && result.status === 0) toast("error", PRODUCT_MESSAGES.uploadError);
      else if (!result.ok || result.data.length === 0)
        toast("error", PRODUCT_MESSAGES.uploadFailed, result.ok ? undefined : result.message);
      else {
        onImages((current) => [
          ...current,
          ...result.data.map((image) => ({ id: image.id, src: image.src })),
        ]);
        toast("success", PRODUCT_MESSAGES.uploaded);
      }
    } catch (error) {
      console.error(error);
      toast("error", PRODUCT_MESSAGES.uploadError);
    } finally {
      busy(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  function moveImage(from: number, to: number) {
    onImages((current) => {
      const moved = [...current];
      const [image] = moved.splice(from, 1);
      moved.splice(to, 0, image!);
      return moved;
    });
    setPreview(to);
  }

  function removeImage(index: number) {
    onImages((current) => current.filter((_, i) => i !== index));
    setPreview(0);
  }

  const main = images[Math.min(preview, images.length - 1)];
  const describedBy = [error ? errorIdOf("product-images") : "", "product-images-hint"].filter(Boolean);
  return (
    <section aria-labelledby="product-images-heading" className="min-w-0">
      <h2 id="product-images-heading" className="text-lg font-bold">
        Images
      </h2>
      <div className="mx-auto mt-3 flex aspect-[3/4] w-full max-w-xs items-center justify-center overflow-hidden rounded-2xl bg-brand-50 ring-1 ring-brand-100 sm:max-w-none">
        {main ? (
          <img
            src={main.src}
            alt={`Main preview: image ${images.indexOf(main) + 1}`}
            className="size-full object-contain"
          />
        ) : (
          <p className="px-6 text-center text-muted">No images yet. The first image is the main one.</p>
        )}
      </div>
      {images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Uploaded images">
          {images.map((image, index) => (
            <li key={image.id} className="w-20">
              <button
                type="button"
                onClick={() => setPreview(index)}
                aria-label={`Show image ${index + 1}${index === 0 ? " (main)" : ""}`}
                aria-pressed={main?.id === image.id}
                className={`block aspect-[3/4] w-full overflow-hidden rounded-lg ring-2 ${main?.id === image.id ? "ring-brand-600" : "ring-transparent"}`}
              >
                <img src={image.src} alt="" className="size-full object-cover" />
              </button>
              <div className="mt-1 flex justify-between">
                <button
                  type="button"
                  onClick={() => moveImage(index, index - 1)}
                  disabled={index === 0}
                  aria-label={`Move image ${index + 1} earlier`}
                  className="flex size-8 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 disabled:opacity-30"
                >
                  <span aria-hidden="true">←</span>
                </button>
                <button
                  type="button"
                  onClick={() => removeImage(index)}
                  aria-label={`Remove image ${index + 1}`}
                  className="flex size-8 items-center justify-center rounded-full text-red-700 hover:bg-red-50"
                >
                  <CloseIcon size={16} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <label htmlFor="product-images" className="mb-1.5 block text-sm font-semibold text-ink">
          {required ? "Product images" : "Add images"}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-brand-700">
              *
            </span>
          )}
        </label>
        <input
          ref={fileInput}
          id="product-images"
          type="file"
          accept="image/*,.heic,.heif"
          multiple
          disabled={uploading || images.length >= MAX_PRODUCT_IMAGES}
          onChange={(event) => void pickFiles(event)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy.join(" ")}
          className={`block w-full rounded-lg text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700 ${error ? "ring-2 ring-red-700 ring-offset-2" : ""}`}
        />
        {error && (
          <p id={errorIdOf("product-images")} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
        <p id="product-images-hint" className="mt-1.5 text-sm text-muted" aria-live="polite">
          {uploading
            ? "Compressing and uploading…"
            : `JPEG, PNG, WebP or AVIF; up to ${MAX_UPLOAD_FILES} at a time. They upload as soon as you pick them.`}
        </p>
      </div>
    </section>
  );
}
