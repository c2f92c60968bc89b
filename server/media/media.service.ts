import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { eq, inArray } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import type { Picture } from "../../contract/catalog";
import type { Database } from "../db/client";
import type { DecodedPixels } from "./heic-decoder";
import { HttpError } from "../lib/errors";
import type { MediaStorage } from "./media-storage";
import { mediaAssets } from "./media.tables";

/**
 * 400 px is what a phone (1.75 to 2 device pixels per CSS pixel) needs for a product card in the two-column
 * grid, about 185 CSS pixels wide: without it the phone takes 640 px, twice the bytes.
 */
export const MEDIA_WIDTHS = [320, 400, 640, 960] as const;
/** The width of `src`, the image a browser without `srcset` shows and the API's `image` names. */
const FALLBACK_WIDTH = 640;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);

const FORMATS = ["avif", "webp"] as const;

export type MediaAsset = typeof mediaAssets.$inferSelect;
type MediaFormat = (typeof FORMATS)[number];
/** A decoded image, upright, and a way to start an encoding of it. */
type UprightImage = { width: number; height: number; image: () => Sharp };

/** The storage key of one encoding of an asset. */
const fileKey = (id: string, width: number, format: MediaFormat) => `${id}/${width}.${format}`;

/**
 * Images are stored once per content: the id is a hash of the original bytes. Each is re-encoded
 * (which drops EXIF and GPS data) to AVIF and WebP at the widths above, never wider than the original.
 * The files go to `storage` (a local folder or an S3-compatible bucket); the database keeps their sizes.
 */
export function createMediaService({ db, storage }: { db: Database; storage: MediaStorage }) {
  /**
   * `avifEffort` trades encoding time for size: 2 (the default) suits an upload, which a person waits for;
   * the demo seed uses 0 to keep a fresh clone's first start short. `decode` gives the pixels of a format
   * sharp cannot decode (HEIC, heic-decoder.ts), asked for only when the image is not stored already; the
   * asset's id is still that of `original`.
   */
  async function store(
    original: Buffer,
    { avifEffort = 2, decode }: { avifEffort?: number; decode?: () => Promise<DecodedPixels> } = {},
  ): Promise<MediaAsset> {
    if (original.byteLength > MAX_UPLOAD_BYTES) throw new HttpError(413, "Image is larger than 10 MB");
    const id = idOf(original);
    const [existing] = await db
      .select()
      .from(mediaAssets)
      .where(inArray(mediaAssets.id, [id]));
    if (existing && (await filesExist(existing))) return existing;

    const upright = decode ? fromPixels(await decode()) : await decodeUpright(original);
    const { width, height } = upright;
    const widths: number[] = MEDIA_WIDTHS.filter((w) => w < width);
    if (widths.length < MEDIA_WIDTHS.length)
      widths.push(Math.min(width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!));

    const written: string[] = [];
    try {
      for (const w of widths) {
        const resized = upright.image().resize({ width: w, withoutEnlargement: true });
        for (const format of FORMATS) {
          const encoded =
            format === "avif"
              ? resized.clone().avif({ quality: 50, effort: avifEffort })
              : resized.clone().webp({ quality: 76 });
          await storage.put(fileKey(id, w, format), await encoded.toBuffer(), `image/${format}`);
          written.push(fileKey(id, w, format));
        }
      }
      const [asset] = await db
        .insert(mediaAssets)
        .values({ id, width, height, widths })
        .onConflictDoUpdate({ target: mediaAssets.id, set: { width, height, widths } })
        .returning();
      return asset!;
    } catch (error) {
      // Nothing left behind: the files written so far go (an asset already known keeps its row).
      if (!existing) for (const key of written) await storage.delete(key).catch(() => {});
      throw error;
    }
  }

  /**
   * Every pixel of a file sharp decodes, turned upright by its EXIF orientation: a truncated or corrupt file
   * fails here (sharp's default `failOn` makes a decoder's warning an error). The encodings made from it
   * carry no metadata, so EXIF and GPS data go.
   */
  async function decodeUpright(original: Buffer): Promise<UprightImage> {
    const metadata = await sharp(original, { limitInputPixels: false }) // the header only
      .metadata()
      .catch(() => {
        throw new HttpError(415, "Only image files are accepted");
      });
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
      throw new HttpError(415, "Only image files are accepted");
    }
    checkPixels(metadata.width, metadata.height);
    const upright = await sharp(original, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw new HttpError(422, "The image is damaged or incomplete");
      });
    return { width: upright.info.width, height: upright.info.height, image: () => sharp(upright.data) };
  }

  function fromPixels(pixels: DecodedPixels): UprightImage {
    checkPixels(pixels.width, pixels.height);
    const raw = { width: pixels.width, height: pixels.height, channels: pixels.channels };
    return { width: pixels.width, height: pixels.height, image: () => sharp(pixels.data, { raw }) };
  }

  function checkPixels(width: number, height: number) {
    if (width * height > MAX_PIXELS) throw new HttpError(413, "Image is larger than 40 megapixels");
  }

  /** The id an image's bytes are stored under. */
  function idOf(original: Buffer): string {
    return createHash("sha256").update(original).digest("hex").slice(0, 32);
  }

  /** The WebP of the largest width is written last: when it is there, the others are too. */
  function filesExist(asset: MediaAsset) {
    return storage.has(fileKey(asset.id, asset.widths[asset.widths.length - 1]!, "webp"));
  }

  /** One stored encoding's bytes, or null when there is none. */
  function read(id: string, width: number, format: MediaFormat): Promise<Readable | null> {
    return storage.read(fileKey(id, width, format));
  }

  /**
   * Removes an asset and its files. Products and categories that show it must let go of it first: the
   * database refuses to remove an asset still in use, and then no file is touched.
   */
  async function remove(id: string): Promise<void> {
    const [asset] = await db.delete(mediaAssets).where(eq(mediaAssets.id, id)).returning();
    if (!asset) return;
    for (const width of asset.widths)
      for (const format of FORMATS) await storage.delete(fileKey(id, width, format));
  }

  async function findMany(ids: string[]): Promise<Map<string, MediaAsset>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(mediaAssets)
      .where(inArray(mediaAssets.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The URLs of a stored image, for the `<picture>` element (from the columns that make them). */
  function toPicture(asset: Pick<MediaAsset, "id" | "width" | "height" | "widths">, alt: string): Picture {
    const url = (w: number, format: MediaFormat) => storage.publicUrl(fileKey(asset.id, w, format));
    const srcSet = (format: MediaFormat) => asset.widths.map((w) => `${url(w, format)} ${w}w`).join(", ");
    const fallback = asset.widths.find((w) => w >= FALLBACK_WIDTH) ?? asset.widths[asset.widths.length - 1]!;
    return {
      src: url(fallback, "webp"),
      width: asset.width,
      height: asset.height,
      srcSetAvif: srcSet("avif"),
      srcSetWebp: srcSet("webp"),
      alt,
    };
  }

  return { store, idOf, findMany, read, remove, toPicture };
}

export type MediaService = ReturnType<typeof createMediaService>;
