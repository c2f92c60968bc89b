// Compresses one photo off the main thread: decoded upright (EXIF orientation applied by the browser),
// scaled to at most COMPRESS_MAX_SIDE on its longest side, encoded as JPEG and, if still too large, again
// at lower quality until it is at most COMPRESS_MAX_MB. Bundled by Vite with the page; nothing loads
// from elsewhere. A file the browser cannot decode (not an image, or HEIC in most browsers) fails.
import { COMPRESS_MAX_MB, COMPRESS_MAX_SIDE } from "#contract/product-editing-rules";

export type CompressRequest = { id: number; file: Blob };
export type CompressAnswer = { id: number; blob: Blob } | { id: number; error: string };

/** The worker's global scope, as far as it is used here (the DOM library types `self` as a window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage(message: CompressAnswer): void;
};

scope.onmessage = async (event: MessageEvent<CompressRequest>) => {
  const { id, file } = event.data;
  try {
    scope.postMessage({ id, blob: await compress(file) } satisfies CompressAnswer);
  } catch (error) {
    scope.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies CompressAnswer);
  }
};

async function compress(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, COMPRESS_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas in this browser");
  context.fillStyle = "#ffffff"; // a transparent PNG's background, as JPEG has no transparency
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const limit = COMPRESS_MAX_MB * 1024 * 1024;
  let quality = 0.9;
  let blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
  while (blob.size > limit && quality > 0.35) {
    quality -= 0.15;
    blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
  }
  return blob;
}
