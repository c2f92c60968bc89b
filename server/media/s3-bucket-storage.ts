import type { Readable } from "node:stream";
import type { MediaBucket } from "../config";
import type { MediaStorage } from "./media-storage";

/** As /media answers (app.ts): a file is named by its content (the asset id is a hash) and never changes. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), which browsers load from
 * MEDIA_PUBLIC_URL (the bucket's public address or a CDN in front of it), never through the store.
 */
export async function createS3BucketStorage(settings: MediaBucket): Promise<MediaStorage> {
  // The SDK is loaded only when a bucket is configured: it adds a noticeable time to every start.
  const {
    S3Client,
    S3ServiceException,
    PutObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    DeleteObjectCommand,
  } = await import("@aws-sdk/client-s3");
  const s3 = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Addressed as <endpoint>/<bucket>/<key>, which every S3-compatible store understands.
    forcePathStyle: true,
    // Checksums only where S3 requires them: some S3-compatible stores refuse the SDK's default ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  const isNotFound = (error: unknown) =>
    error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

  return {
    async put(key, body, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async read(key) {
      try {
        const { Body } = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return Body as Readable;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    publicUrl: (key) => `${settings.publicUrl}/${key}`,
  };
}
