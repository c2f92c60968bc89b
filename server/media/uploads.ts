import sharp from "sharp";
import { PRODUCT_MESSAGES } from "../../contract/product-editing-rules";
import { HttpError } from "../lib/errors";
import { decodeHeic } from "./heic-decoder";
import { MAX_PIXELS, type MediaAsset, type MediaService } from "./media.service";

export type UploadedFile = { filename: string; data: Buffer };
type Kind = "jpeg" | "png" | "webp" | "avif" | "heic";

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString("latin1");
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);

/**
 * What an upload is, by its first bytes alone (never its name or declared type): JPEG, PNG, WebP, or an
 * ISO-BMFF `ftyp` box whose brands say AVIF or HEIC; null for anything else.
 */
export function sniffImage(bytes: Buffer): Kind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])))
    return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands: string[] = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => brand === "avif" || brand === "avis")) return "avif";
    if (brands.some((brand) => HEIC_BRANDS.has(brand)) || brands[0] === "mif1") return "heic";
  }
  return null;
}

/**
 * Staff's image uploads: each file is checked by its content (first bytes, then its declared size, then a
 * full decode by media.store) and stored re-encoded. All or nothing: when one file fails, the ones this
 * request stored go again, and the error names the file.
 */
export function createUploads({ media }: { media: MediaService }) {
  async function check(file: UploadedFile): Promise<Kind> {
    const named = (status: number, message: string) => new HttpError(status, `${file.filename}: ${message}`);
    if (file.data.length === 0) throw named(400, "the file is empty");
    const kind = sniffImage(file.data);
    if (kind === null) throw named(415, "only image files are accepted (JPEG, PNG, WebP, AVIF or HEIC)");
    const metadata = await sharp(file.data, { limitInputPixels: false }) // the header only: no pixel is decoded
      .metadata()
      .catch(() => {
        throw named(422, "the image is damaged or incomplete");
      });
    if (!metadata.width || !metadata.height) throw named(422, "the image is damaged or incomplete");
    // Before any pixel is decoded: a tiny file may declare a huge image (a "zip bomb").
    if (metadata.width * metadata.height > MAX_PIXELS)
      throw named(413, `the image is larger than ${MAX_PIXELS / 1_000_000} megapixels`);
    return kind;
  }

  /**
   * How media.store gets a HEIC photo's pixels, which the prebuilt sharp cannot decode (it reads AVIF but
   * not HEVC); called only when the photo is not stored already. Nothing for the formats sharp decodes.
   */
  const heicDecoder = (file: UploadedFile, kind: Kind) =>
    kind === "heic"
      ? () =>
          decodeHeic(file.data).catch(() => {
            throw new HttpError(422, "The image is damaged or incomplete");
          })
      : undefined;

  async function storeAll(files: readonly UploadedFile[]): Promise<MediaAsset[]> {
    if (files.length === 0) throw new HttpError(400, PRODUCT_MESSAGES.selectImages);
    const kinds: Kind[] = [];
    for (const file of files) kinds.push(await check(file));
    const known = await media.findMany(files.map((file) => media.idOf(file.data)));
    const stored: MediaAsset[] = [];
    try {
      for (const [index, file] of files.entries()) {
        stored.push(
          await media
            .store(file.data, { decode: heicDecoder(file, kinds[index]!) })
            .catch((error: unknown) => {
              if (error instanceof HttpError)
                throw new HttpError(error.statusCode, `${file.filename}: ${lowerFirst(error.message)}`);
              throw error;
            }),
        );
      }
    } catch (error) {
      for (const asset of stored) if (!known.has(asset.id)) await media.remove(asset.id).catch(() => {});
      throw error;
    }
    return stored;
  }

  return { storeAll };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export type Uploads = ReturnType<typeof createUploads>;
