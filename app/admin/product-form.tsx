import { useRef, useState, type FormEvent } from "react";
import type { Category } from "#contract/catalog";
import { SIZES } from "#contract/catalog-options";
import {
  DEFAULT_AVAILABLE_QUANTITY,
  DEFAULT_FEATURES,
  MAX_PRODUCT_IMAGES,
  MAX_UPLOAD_FILES,
  PRODUCT_MESSAGES,
} from "#contract/product-editing-rules";
import {
  addProductCall,
  updateProductCall,
  uploadImagesCall,
  type StaffProduct,
} from "#contract/product-editing";
import { CUSTOMIZATION_OPTIONS, type CustomizationOption } from "#contract/tailoring-rules";
import { controlProps, errorIdOf, FormField } from "~/components/form-field";
import { CloseIcon, PlusIcon } from "~/components/icons";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { compressImages } from "./compress-images";

type Size = (typeof SIZES)[number];

/** upload-images' body: the files as multipart in the repeated field `files`. */
function imagesForm(files: { blob: Blob; name: string }[]) {
  const form = new FormData();
  for (const file of files) form.append("files", file.blob, file.name);
  return form;
}
export type FormImage = { id: string; src: string };

type Values = {
  name: string;
  description: string;
  price: string;
  originalPrice: string;
  category: string;
  sizes: Size[];
  availableQunatity: string;
  /** Stock per size as typed; empty means availableQunatity (add) or unchanged (edit). */
  stock: Partial<Record<Size, string>>;
  features: string[];
  care: string;
  images: FormImage[];
  /** The tailoring offered, in the store's order, each with its charge in rupees as typed ("" is free). */
  customizations: { name: CustomizationOption; charge: string }[];
};

const EMPTY: Values = {
  name: "",
  description: "",
  price: "",
  originalPrice: "",
  category: "",
  sizes: [],
  availableQunatity: String(DEFAULT_AVAILABLE_QUANTITY),
  stock: {},
  features: [...DEFAULT_FEATURES],
  care: "",
  images: [],
  customizations: [],
};

function valuesOf(product: StaffProduct): Values {
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    originalPrice: product.originalPrice === null ? "" : String(product.originalPrice),
    category: String(product.categoryId),
    sizes: product.sizes.map((size) => size.label),
    availableQunatity: "0",
    stock: Object.fromEntries(product.sizes.map((size) => [size.label, String(size.stock)])),
    features: product.features,
    care: product.care,
    images: product.images.map((image) => ({ id: image.id, src: image.picture.src })),
    customizations: product.customizations.map(({ name, charge }) => ({
      name,
      charge: charge === 0 ? "" : Number.isInteger(charge) ? String(charge) : charge.toFixed(2),
    })),
  };
}

/**
 * The API's field errors about the tailoring offered (`customizations.<index>.charge`, by the list as it was
 * sent), by the option each concerns; the toast says the first error in any case.
 */
function tailoringErrorsOf(
  errors: Record<string, string> | undefined,
  sent: Values["customizations"],
): Partial<Record<CustomizationOption, string>> {
  const found: Partial<Record<CustomizationOption, string>> = {};
  for (const [field, message] of Object.entries(errors ?? {})) {
    const [head, index] = field.split(".");
    const option = head === "customizations" && index !== undefined ? sent[Number(index)]?.name : undefined;
    if (option) found[option] ??= message;
  }
  return found;
}

const SELECT_CLASS =
  "block w-full rounded-lg border border-muted/70 bg-white px-3.5 py-2.5 text-base text-ink focus:border-brand-600";
const SMALL_BUTTON =
  "inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-50";

/**
 * The product form of /addproduct (spec section 2) and of the edit page. Photos are compressed in a worker
 * and uploaded as soon as they are picked; the first image is the main one. Add: on success the form
 * resets (spec section 4). Edit: every field, images reordered or removed, stock set per size.
 */
export function ProductForm({
  categories,
  product,
  onSaved,
}: {
  categories: Category[];
  /** The product being edited; none on /addproduct. */
  product?: StaffProduct;
  onSaved?: (id: number) => void;
}) {
  const editing = product !== undefined;
  const [values, setValues] = useState<Values>(() => (product ? valuesOf(product) : EMPTY));
  const [preview, setPreview] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState<{ id: number; name: string } | null>(null);
  /** The API's errors about the tailoring offered, by option (the form's own row for each). */
  const [tailoringErrors, setTailoringErrors] = useState<Partial<Record<CustomizationOption, string>>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const reserved = new Map(product?.sizes.map((size) => [size.label, size.reserved]));

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: "name" | "description" | "price" | "originalPrice" | "care" | "availableQunatity") => ({
    value: values[key],
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, (event.target as HTMLInputElement).value),
  });

  async function pickFiles(event: FormEvent<HTMLInputElement>) {
    const picked = [...((event.target as HTMLInputElement).files ?? [])];
    if (picked.length === 0) {
      toast("warning", PRODUCT_MESSAGES.selectImages);
      return;
    }
    const room = MAX_PRODUCT_IMAGES - values.images.length;
    if (picked.length > Math.min(room, MAX_UPLOAD_FILES)) {
      toast("warning", `Pick at most ${Math.min(room, MAX_UPLOAD_FILES)} more images.`);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setUploading(true);
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
        setValues((current) => ({
          ...current,
          images: [...current.images, ...result.data.map((image) => ({ id: image.id, src: image.src }))],
        }));
        toast("success", PRODUCT_MESSAGES.uploaded);
      }
    } catch (error) {
      console.error(error);
      toast("error", PRODUCT_MESSAGES.uploadError);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  function moveImage(from: number, to: number) {
    const images = [...values.images];
    const [moved] = images.splice(from, 1);
    images.splice(to, 0, moved!);
    set("images", images);
    setPreview(to);
  }

  function removeImage(index: number) {
    set(
      "images",
      values.images.filter((_, i) => i !== index),
    );
    setPreview(0);
  }

  function toggleSize(size: Size, checked: boolean) {
    set(
      "sizes",
      SIZES.filter((label) => (label === size ? checked : values.sizes.includes(label))),
    );
  }

  function offer(name: CustomizationOption, charge: string | null) {
    set(
      "customizations",
      CUSTOMIZATION_OPTIONS.flatMap((option) => {
        if (option === name) return charge === null ? [] : [{ name, charge }];
        const kept = values.customizations.find((offered) => offered.name === option);
        return kept ? [kept] : [];
      }),
    );
    setTailoringErrors(({ [name]: _edited, ...others }) => others);
  }

  const stockOf = (size: Size) =>
    values.stock[size] ?? (editing ? "0" : values.availableQunatity || String(DEFAULT_AVAILABLE_QUANTITY));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.name.trim() || !values.description.trim() || values.price.trim() === "" || !values.category) {
      toast("warning", PRODUCT_MESSAGES.required);
      return;
    }
    if (values.images.length === 0) {
      toast("warning", PRODUCT_MESSAGES.imagesRequired);
      return;
    }
    const stock = Object.fromEntries(values.sizes.map((size) => [size, Number(stockOf(size))]));
    const common = {
      name: values.name,
      description: values.description,
      price: Number(values.price),
      category: Number(values.category),
      size: values.sizes,
      images: values.images.map((image) => image.id),
      stock,
      features: values.features,
      care: values.care,
      customizations: values.customizations.map(({ name, charge }) => ({
        name,
        charge: charge.trim() === "" ? 0 : Number(charge),
      })),
      ...(values.originalPrice.trim() ? { originalPrice: Number(values.originalPrice) } : {}),
    };
    setSaving(true);
    try {
      const result = product
        ? await browserApi(updateProductCall, { ...common, id: product._id })
        : await browserApi(addProductCall, {
            ...common,
            image: common.images[0],
            availableQunatity: Number(values.availableQunatity || DEFAULT_AVAILABLE_QUANTITY),
          });
      setTailoringErrors(result.ok ? {} : tailoringErrorsOf(result.errors, values.customizations));
      if (!result.ok) {
        toast("error", result.message || PRODUCT_MESSAGES.addFailed);
        return;
      }
      toast("success", result.message || (editing ? PRODUCT_MESSAGES.updated : PRODUCT_MESSAGES.added));
      if (!editing) {
        setAdded({ id: result.data._id, name: values.name.trim() });
        setValues(EMPTY);
        setPreview(0);
        if (fileInput.current) fileInput.current.value = "";
      }
      onSaved?.(result.data._id);
    } catch (error) {
      console.error(error);
      toast("error", PRODUCT_MESSAGES.submitError);
    } finally {
      setSaving(false);
    }
  }

  const main = values.images[Math.min(preview, values.images.length - 1)];
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-x-8 gap-y-6 lg:grid-cols-[2fr_3fr]"
    >
      <p className="text-sm text-muted lg:col-span-2">
        Fields marked <span className="text-brand-700">*</span> are required.
      </p>
      <section aria-labelledby="product-images-heading" className="min-w-0">
        <h2 id="product-images-heading" className="text-lg font-bold">
          Images
        </h2>
        <div className="mx-auto mt-3 flex aspect-[3/4] w-full max-w-xs items-center sm:max-w-none justify-center overflow-hidden rounded-2xl bg-brand-50 ring-1 ring-brand-100">
          {main ? (
            <img
              src={main.src}
              alt={`Main preview: image ${values.images.indexOf(main) + 1}`}
              className="size-full object-contain"
            />
          ) : (
            <p className="px-6 text-center text-muted">No images yet. The first image is the main one.</p>
          )}
        </div>
        {values.images.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Uploaded images">
            {values.images.map((image, index) => (
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
            {editing ? "Add images" : "Product images"}
            {!editing && (
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
            disabled={uploading || values.images.length >= MAX_PRODUCT_IMAGES}
            onChange={(event) => void pickFiles(event)}
            aria-describedby="product-images-hint"
            className="block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700"
          />
          <p id="product-images-hint" className="mt-1.5 text-sm text-muted" aria-live="polite">
            {uploading
              ? "Compressing and uploading…"
              : `JPEG, PNG, WebP or AVIF; up to ${MAX_UPLOAD_FILES} at a time. They upload as soon as you pick them.`}
          </p>
        </div>
      </section>

      <div className="min-w-0 space-y-5">
        <FormField id="product-name" label="Product Name" required>
          <input
            type="text"
            autoComplete="off"
            maxLength={200}
            {...text("name")}
            {...controlProps("product-name", undefined)}
          />
        </FormField>
        <FormField id="product-description" label="Description" required>
          <textarea
            rows={4}
            maxLength={5000}
            {...text("description")}
            {...controlProps("product-description", undefined)}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="product-price" label="Price (₹)" required>
            <input
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              {...text("price")}
              {...controlProps("product-price", undefined)}
            />
          </FormField>
          <FormField id="product-original-price" label="Original price (₹)" optional>
            <input
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              {...text("originalPrice")}
              {...controlProps("product-original-price", undefined)}
            />
          </FormField>
        </div>
        <FormField id="product-category" label="Category" required>
          <select
            id="product-category"
            value={values.category}
            onChange={(event) => set("category", (event.target as HTMLSelectElement).value)}
            className={SELECT_CLASS}
          >
            <option value="">Select Category</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </FormField>

        {!editing && (
          <FormField
            id="product-available-quantity"
            label="Starting stock of each size"
            hint="Each size you tick starts with this many; change a size's own number below."
          >
            <input
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              {...text("availableQunatity")}
              {...controlProps("product-available-quantity", undefined, { hint: true })}
            />
          </FormField>
        )}

        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-ink">Available Sizes</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {SIZES.map((size) => {
              const checked = values.sizes.includes(size);
              const held = reserved.get(size) ?? 0;
              return (
                <div
                  key={size}
                  className={`rounded-lg px-3 py-2 ring-1 ${checked ? "bg-brand-50 ring-brand-300" : "ring-muted/40"}`}
                >
                  <label className="flex min-h-6 cursor-pointer items-center gap-2 font-medium">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => toggleSize(size, (event.target as HTMLInputElement).checked)}
                      className="size-4 accent-brand-600"
                    />
                    {size}
                  </label>
                  {checked && (
                    <div className="mt-1.5">
                      <label htmlFor={`stock-${size}`} className="text-xs text-muted">
                        Stock of {size}
                      </label>
                      <input
                        id={`stock-${size}`}
                        type="number"
                        inputMode="numeric"
                        min="0"
                        step="1"
                        value={stockOf(size)}
                        onInput={(event) =>
                          set("stock", { ...values.stock, [size]: (event.target as HTMLInputElement).value })
                        }
                        className="mt-0.5 block w-full rounded-md border border-muted/70 bg-white px-2 py-1 text-base"
                      />
                      {editing && (
                        <p className="mt-1 text-xs text-muted">
                          {held > 0 ? `${held} held by unpaid orders` : "None held by unpaid orders"}
                        </p>
                      )}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>

        <fieldset aria-describedby="tailoring-hint">
          <legend className="mb-1 text-sm font-semibold text-ink">Tailoring offered</legend>
          <p id="tailoring-hint" className="mb-2 text-sm text-muted">
            Tick what shoppers may ask for. Charge in ₹ per piece; leave it blank when it is free.
          </p>
          <ul className="divide-y divide-muted/20 rounded-lg ring-1 ring-muted/40">
            {CUSTOMIZATION_OPTIONS.map((option) => {
              const offered = values.customizations.find((item) => item.name === option);
              const id = `tailoring-${option.toLowerCase().replace(/\s+/g, "-")}`;
              const error = tailoringErrors[option];
              return (
                <li key={option} className={`px-3 py-1.5 ${offered ? "bg-brand-50" : ""}`}>
                  <div className="flex min-h-10 items-center justify-between gap-3">
                    <label className="flex cursor-pointer items-center gap-2 font-medium">
                      <input
                        type="checkbox"
                        checked={offered !== undefined}
                        onChange={(event) =>
                          offer(option, (event.target as HTMLInputElement).checked ? "" : null)
                        }
                        className="size-4 accent-brand-600"
                      />
                      {option}
                    </label>
                    {offered && (
                      <div className="flex items-center gap-1">
                        <label htmlFor={`${id}-charge`} className="text-sm text-muted">
                          <span className="sr-only">Charge for {option} </span>₹
                        </label>
                        <input
                          id={`${id}-charge`}
                          type="number"
                          inputMode="decimal"
                          min="0"
                          step="0.01"
                          placeholder="Free"
                          value={offered.charge}
                          onInput={(event) => offer(option, (event.target as HTMLInputElement).value)}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorIdOf(id) : undefined}
                          className={`block w-28 rounded-md border bg-white px-2 py-1 text-right text-base ${error ? "border-red-700" : "border-muted/70"}`}
                        />
                      </div>
                    )}
                  </div>
                  {error && (
                    <p id={errorIdOf(id)} className="pb-1 text-sm text-red-700">
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>

        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-ink">Features</legend>
          <ul className="space-y-2">
            {values.features.map((feature, index) => (
              <li key={index} className="flex gap-2">
                <input
                  type="text"
                  value={feature}
                  maxLength={200}
                  aria-label={`Feature ${index + 1}`}
                  onInput={(event) =>
                    set(
                      "features",
                      values.features.map((f, i) =>
                        i === index ? (event.target as HTMLInputElement).value : f,
                      ),
                    )
                  }
                  className="block w-full min-w-0 rounded-lg border border-muted/70 bg-white px-3.5 py-2 text-base"
                />
                <button
                  type="button"
                  onClick={() =>
                    set(
                      "features",
                      values.features.filter((_, i) => i !== index),
                    )
                  }
                  aria-label={`Remove feature ${index + 1}`}
                  className="flex size-10 shrink-0 items-center justify-center rounded-full text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                >
                  <CloseIcon size={16} />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => set("features", [...values.features, ""])}
            disabled={values.features.length >= 20}
            className={`mt-2 ${SMALL_BUTTON}`}
          >
            + Add Feature
          </button>
        </fieldset>

        <FormField id="product-care" label="Care" optional>
          <textarea
            rows={2}
            maxLength={2000}
            {...text("care")}
            {...controlProps("product-care", undefined)}
          />
        </FormField>

        <div className="flex flex-wrap items-center gap-3 pt-2">
          <button type="submit" disabled={saving || uploading} className={BUTTON_PRIMARY}>
            {editing ? null : <PlusIcon size={18} />}
            {saving ? "Saving…" : editing ? "Save Changes" : "Add Product"}
          </button>
          {product && (
            <a href={`/products/${product._id}`} className={BUTTON_SECONDARY}>
              View in shop
            </a>
          )}
        </div>
        {added && (
          <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-green-900">
            Added “{added.name}”.{" "}
            <a href={`/products/${added.id}`} className="font-semibold underline">
              View it in the shop
            </a>{" "}
            or{" "}
            <a href={`/admin/products/${added.id}/edit`} className="font-semibold underline">
              edit it
            </a>
            .
          </p>
        )}
      </div>
    </form>
  );
}
