import { createHash } from "node:crypto";
import { mkdir, writeFile, access } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import type { Picture } from "../../contract/catalog";
import type { Database } from "../db/client";
import { HttpError } from "../lib/errors";
import { mediaAssets } from "./media.tables";

/**
 * 400 px is what a phone (1.75 to 2 device pixels per CSS pixel) needs for a product card in the two-column
 * grid, about 185 CSS pixels wide: without it the phone takes 640 px, twice the bytes.
 */
export const MEDIA_WIDTHS = [320, 400, 640, 960] as const;
/** The width of `src`, the image a browser without `srcset` shows and the API's `image` names. */
const FALLBACK_WIDTH = 640;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);

export type MediaAsset = typeof mediaAssets.$inferSelect;

/**
 * Images are stored once per content: the id is a hash of the original bytes. Each is re-encoded
 * (which drops EXIF and GPS data) to AVIF and WebP at the widths above, never wider than the original.
 */
export function createMediaService({ db, mediaDir }: { db: Database; mediaDir: string }) {
  /**
   * `avifEffort` trades encoding time for size: 2 (the default) suits an upload, which a person waits for;
   * the demo seed uses 0 to keep a fresh clone's first start short.
   */
  async function store(
    original: Buffer,
    { avifEffort = 2 }: { avifEffort?: number } = {},
  ): Promise<MediaAsset> {
    if (original.byteLength > MAX_UPLOAD_BYTES) throw new HttpError(413, "Image is larger than 10 MB");
    const id = createHash("sha256").update(original).digest("hex").slice(0, 32);
    const [existing] = await db
      .select()
      .from(mediaAssets)
      .where(inArray(mediaAssets.id, [id]));
    if (existing && (await filesExist(existing))) return existing;

    const metadata = await sharp(original, { limitInputPixels: MAX_PIXELS })
      .metadata()
      .catch(() => {
        throw new HttpError(415, "Only image files are accepted");
      });
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
      throw new HttpError(415, "Only image files are accepted");
    }
    if (metadata.width * metadata.height > MAX_PIXELS)
      throw new HttpError(413, "Image is larger than 40 megapixels");

    const upright = await sharp(original, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .toBuffer({ resolveWithObject: true });
    const width = upright.info.width;
    const height = upright.info.height;
    const widths: number[] = MEDIA_WIDTHS.filter((w) => w < width);
    if (widths.length < MEDIA_WIDTHS.length)
      widths.push(Math.min(width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!));

    const folder = path.join(mediaDir, id);
    await mkdir(folder, { recursive: true });
    for (const w of widths) {
      const resized = sharp(upright.data).resize({ width: w, withoutEnlargement: true });
      await writeFile(
        path.join(folder, `${w}.avif`),
        await resized.clone().avif({ quality: 50, effort: avifEffort }).toBuffer(),
      );
      await writeFile(path.join(folder, `${w}.webp`), await resized.clone().webp({ quality: 76 }).toBuffer());
    }
    const [asset] = await db
      .insert(mediaAssets)
      .values({ id, width, height, widths })
      .onConflictDoUpdate({ target: mediaAssets.id, set: { width, height, widths } })
      .returning();
    return asset!;
  }

  async function filesExist(asset: MediaAsset) {
    const last = asset.widths[asset.widths.length - 1];
    try {
      await access(path.join(mediaDir, asset.id, `${last}.avif`));
      return true;
    } catch {
      return false;
    }
  }

  async function findMany(ids: string[]): Promise<Map<string, MediaAsset>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(mediaAssets)
      .where(inArray(mediaAssets.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  return { store, findMany };
}

export type MediaService = ReturnType<typeof createMediaService>;

/** The URLs of a stored image, for the `<picture>` element (from the columns that make them). */
export function toPicture(
  asset: Pick<MediaAsset, "id" | "width" | "height" | "widths">,
  alt: string,
): Picture {
  const url = (w: number, format: "avif" | "webp") => `/media/${asset.id}/${w}.${format}`;
  const srcSet = (format: "avif" | "webp") => asset.widths.map((w) => `${url(w, format)} ${w}w`).join(", ");
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
