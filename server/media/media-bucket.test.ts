import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type MediaBucket } from "../config";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";

/** An S3-protocol server on this machine (s3rver keeps the bucket's objects in a temporary folder). */
const s3Dir = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
const s3 = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: "store-media", configs: [] }],
});

let bucket: MediaBucket;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  bucket = {
    bucket: "store-media",
    endpoint,
    region: "us-east-1",
    // The credentials s3rver accepts.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    // s3rver serves the bucket's objects to anyone at <endpoint>/<bucket>/<key>.
    publicUrl: `${endpoint}/store-media`,
  };
  const test = await createTestApp({ mediaBucket: bucket });
  app = test.app;
  close = test.close;
});

afterAll(async () => {
  await close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1f6f5c" } })
    .jpeg()
    .toBuffer();

describe("media in an S3-compatible bucket", () => {
  it("stores an upload's files in the bucket, reads them back, serves them from MEDIA_PUBLIC_URL and removes them", async () => {
    const { media } = app.services;
    const asset = await media.store(await photo(700, 900), { avifEffort: 0 });
    expect(asset.widths).toEqual([320, 400, 640, 700]);

    const webp = await media.read(asset.id, 400, "webp");
    expect(await sharp(Buffer.concat(await webp!.toArray())).metadata()).toMatchObject({
      format: "webp",
      width: 400,
    });

    const picture = media.toPicture(asset, "A test photograph");
    expect(picture.src).toBe(`${bucket.publicUrl}/${asset.id}/640.webp`);
    expect(picture.srcSetAvif).toContain(`${bucket.publicUrl}/${asset.id}/400.avif 400w`);
    const served = await fetch(picture.src);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    // Stored again, the same image is found by its hash and not encoded twice.
    expect((await media.store(await photo(700, 900), { avifEffort: 0 })).createdAt).toEqual(asset.createdAt);

    await media.remove(asset.id);
    expect(await media.read(asset.id, 400, "webp")).toBeNull();
    expect((await fetch(picture.src)).status).toBe(404);
    expect((await media.findMany([asset.id])).size).toBe(0);
  });

  it("gives the API's answers image URLs on MEDIA_PUBLIC_URL, and serves nothing under /media", async () => {
    const [id] = await seedCatalog(app, [{ name: "Teal Anarkali", price: 2499, categoryId: 1 }]);
    const product = (await app.inject(`/api/products/get-product?id=${id}`)).json().data;
    expect(product.image).toMatch(new RegExp(`^${bucket.publicUrl}/[0-9a-f]{32}/\\d+\\.webp$`));
    expect((await fetch(product.image)).status).toBe(200);
    const local = product.image.slice(bucket.publicUrl.length);
    expect((await app.inject(`/media${local}`)).statusCode).toBe(404);
    expect(readdirSync(s3Dir)).toContain("store-media");
  });
});

describe("the media bucket's configuration", () => {
  const settings = {
    S3_BUCKET: "store-media",
    S3_ENDPOINT: "https://s3.ap-south-1.amazonaws.com",
    S3_REGION: "ap-south-1",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret",
    MEDIA_PUBLIC_URL: "https://media.shop.example.in/",
  };

  it("is read when every variable is set, and media stays in DATA_DIR/media when none is", () => {
    expect(loadConfig(settings).mediaBucket).toEqual({
      bucket: "store-media",
      endpoint: "https://s3.ap-south-1.amazonaws.com",
      region: "ap-south-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      publicUrl: "https://media.shop.example.in",
    });
    expect(loadConfig({}).mediaBucket).toBeUndefined();
  });

  it("stops the start, naming what is missing, when only some are set", () => {
    const { S3_REGION: _region, MEDIA_PUBLIC_URL: _url, ...partial } = settings;
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(
      /must be set together \(missing: S3_REGION, MEDIA_PUBLIC_URL\)/,
    );
    expect(() => loadConfig({ ...settings, MEDIA_PUBLIC_URL: "not a url" })).toThrow(/MEDIA_PUBLIC_URL/);
  });
});
