import type { Readable } from "node:stream";

/**
 * Where the media service keeps its files, by key (`<asset id>/<width>.<format>`): a local folder, served
 * under /media by the store itself, or an S3-compatible bucket, served from MEDIA_PUBLIC_URL.
 */
export type MediaStorage = {
  /** Stores a file, replacing any with the same key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Readable | null>;
  has(key: string): Promise<boolean>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
};
