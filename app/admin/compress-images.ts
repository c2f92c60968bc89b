import { MAX_UPLOAD_MB } from "#contract/product-editing-rules";
import type { CompressAnswer, CompressRequest } from "./compress-image.worker";

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, (answer: CompressAnswer) => void>();

/** The page's one compression worker, started on first use (Vite bundles it as a file of its own). */
function compressionWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./compress-image.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<CompressAnswer>) => {
      pending.get(event.data.id)?.(event.data);
      pending.delete(event.data.id);
    };
  }
  return worker;
}

/** A photo compressed in the worker (spec section 9: at most 9 MB, 1920 px on the longest side). */
export function compressImage(file: Blob): Promise<Blob> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, (answer) => ("blob" in answer ? resolve(answer.blob) : reject(new Error(answer.error))));
    compressionWorker().postMessage({ id, file } satisfies CompressRequest);
  });
}

/** A HEIC photo (an iPhone's default), which most browsers cannot decode but the store's server can. */
const isHeic = (file: File) => /^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name);

/**
 * Compresses each file; one that cannot be compressed (not an image the browser reads) is logged and
 * skipped, as the spec says, but for a HEIC photo within the upload limit, which goes as it is and is
 * decoded by the server. Returns the files to upload (compressed ones with .jpg names) and the names of
 * those skipped.
 */
export async function compressImages(
  files: readonly File[],
): Promise<{ compressed: { blob: Blob; name: string }[]; skipped: string[] }> {
  const compressed: { blob: Blob; name: string }[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    try {
      const blob = await compressImage(file);
      compressed.push({ blob, name: `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg` });
    } catch (error) {
      if (isHeic(file) && file.size <= MAX_UPLOAD_MB * 1024 * 1024) {
        compressed.push({ blob: file, name: file.name });
        continue;
      }
      console.warn(`Could not compress ${file.name}:`, error);
      skipped.push(file.name);
    }
  }
  return { compressed, skipped };
}

/**
 * The upload of a shopper's photos (a review's, a complaint's, a return's): each compressed, as the
 * `files` of one form; or, when one is not a photo this browser can read, why not.
 */
export async function photosUpload(
  files: readonly File[],
): Promise<{ upload: FormData } | { refused: string }> {
  const { compressed, skipped } = await compressImages(files);
  if (skipped.length > 0) return { refused: `Not a photo this browser can read: ${skipped.join(", ")}` };
  const upload = new FormData();
  for (const file of compressed) upload.append("files", file.blob, file.name);
  return { upload };
}
