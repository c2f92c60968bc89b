import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test-support/test-app";
import type { MediaService } from "./media.service";

let media: MediaService;
let close: () => Promise<void>;
const mediaDir = mkdtempSync(path.join(os.tmpdir(), "media-test-"));

beforeAll(async () => {
  const test = await createTestApp({ mediaDir });
  media = test.app.services.media;
  close = test.close;
});

afterAll(async () => {
  await close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#9c2a50" } })
    .jpeg()
    .toBuffer();

describe("media service", () => {
  it("encodes a 400 px variant, the one a phone takes for a product card", async () => {
    const asset = await media.store(await photo(1200, 1600), { avifEffort: 0 });
    expect(asset.widths).toEqual([320, 400, 640, 960]);
    for (const format of ["avif", "webp"])
      expect(existsSync(path.join(mediaDir, asset.id, `400.${format}`)), format).toBe(true);
    const picture = media.toPicture(asset, "A test photograph");
    expect(picture.srcSetAvif).toContain(`/media/${asset.id}/400.avif 400w`);
    expect(picture.srcSetWebp).toContain(`/media/${asset.id}/400.webp 400w`);
    // The API's `image` stays the 640 px WebP.
    expect(picture.src).toBe(`/media/${asset.id}/640.webp`);
  });

  it("never makes a variant wider than the original", async () => {
    const asset = await media.store(await photo(500, 700), { avifEffort: 0 });
    expect(asset.widths).toEqual([320, 400, 500]);
    expect(media.toPicture(asset, "").src).toBe(`/media/${asset.id}/500.webp`);
  });

  it("reads a stored file back, and removes an asset with its files", async () => {
    const asset = await media.store(await photo(360, 480), { avifEffort: 0 });
    const webp = await media.read(asset.id, 320, "webp");
    const bytes = Buffer.concat(await webp!.toArray());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 320 });

    await media.remove(asset.id);
    expect(await media.read(asset.id, 320, "webp")).toBeNull();
    expect(existsSync(path.join(mediaDir, asset.id))).toBe(false);
    expect((await media.findMany([asset.id])).size).toBe(0);
  });
});
