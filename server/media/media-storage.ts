import type { Readable } from "node:stream";
import type { Config } from "../config";
import { createLocalFolderStorage } from "./local-folder-storage";
import { createS3BucketStorage } from "./s3-bucket-storage";

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

/** The bucket when one is configured, else the folder DATA_DIR/media. */
export async function openMediaStorage({
  mediaDir,
  mediaBucket,
}: Pick<Config, "mediaDir" | "mediaBucket">): Promise<MediaStorage> {
  return mediaBucket ? createS3BucketStorage(mediaBucket) : createLocalFolderStorage(mediaDir);
}
