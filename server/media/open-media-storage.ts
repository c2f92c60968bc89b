import type { Config } from "../config";
import { createLocalFolderStorage } from "./local-folder-storage";
import type { MediaStorage } from "./media-storage";
import { createS3BucketStorage } from "./s3-bucket-storage";

/** The bucket when one is configured, else the folder DATA_DIR/media. */
export async function openMediaStorage({
  mediaDir,
  mediaBucket,
}: Pick<Config, "mediaDir" | "mediaBucket">): Promise<MediaStorage> {
  return mediaBucket ? createS3BucketStorage(mediaBucket) : createLocalFolderStorage(mediaDir);
}
