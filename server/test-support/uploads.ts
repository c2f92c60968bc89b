import { deflateSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { bearer, freshIp } from "./accounts";
import { jpegPhoto } from "./photos";

export type Part = { name?: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body with each part in the field `files` (unless it says otherwise). */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----store-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name ?? "files"}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? "image/jpeg"}\r\n\r\n`,
      ),
      part.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadImages(app: FastifyInstance, token: string | null, parts: Part[]) {
  const { payload, contentType } = multipartBody(parts);
  return app.inject({
    method: "POST",
    url: "/api/utils/upload-images",
    remoteAddress: freshIp(),
    headers: { "content-type": contentType, ...(token ? bearer(token) : {}) },
    payload,
  });
}

/** A small real JPEG photo; `orientation` writes that EXIF orientation. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid-looking PNG that declares `width` x `height` pixels of grey but holds a few kilobytes (a
 * "decompression bomb": its rows would inflate to width * height bytes).
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = deflateSync(Buffer.alloc(64 * 1024), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", rows),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The start of an iPhone's HEIC photo: an `ftyp` box with the heic brand, then bytes no decoder takes. */
export function heicLike(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from("ftypheic", "latin1"),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from("mif1heic", "latin1"),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(2000, 7)]);
}

/** Photos uploaded for a complaint or a return (`/grievances/upload-photos`), as a guest's or a shopper's. */
export async function uploadGrievancePhotos(app: FastifyInstance, count: number) {
  const photos = await Promise.all(
    Array.from({ length: count }, (_, index) => jpegPhoto(40 + index, 40, { colour: `#10${index}0a0` })),
  );
  const { payload, contentType } = multipartBody(
    photos.map((data, index) => ({ filename: `parcel-${index}.jpg`, data })),
  );
  return app.inject({
    method: "POST",
    url: "/api/grievances/upload-photos",
    remoteAddress: freshIp(),
    headers: { "content-type": contentType },
    payload,
  });
}
