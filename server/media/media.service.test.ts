import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test-support/test-app";
import { toPicture, type MediaService } from "./media.service";

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
    const picture = toPicture(asset, "A test photograph");
    expect(picture.srcSetAvif).toContain(`/media/${asset.id}/400.avif 400w`);
    expect(picture.srcSetWebp).toContain(`/media/${asset.id}/400.webp 400w`);
    // The API's `image` stays the 640 px WebP.
    expect(picture.src).toBe(`/media/${asset.id}/640.webp`);
  });

  it("never makes a variant wider than the original", async () => {
    const asset = await media.store(await photo(500, 700), { avifEffort: 0 });
    expect(asset.widths).toEqual([320, 400, 500]);
    expect(toPicture(asset, "").src).toBe(`/media/${asset.id}/500.webp`);
  });
});
