import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '@mandi/config';
import {
  assertValidFileKey,
  assertValidPrefix,
  isValidFileKey,
  type FileStore,
  type StoredFile,
} from './file-store.js';

/** The settings an {@link S3FileStore} is built from (see libs/config). */
export type S3Settings = Pick<
  AppConfig,
  'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PUBLIC_URL'
>;

/** Keys never change content (each has a random part), so browsers and CDNs may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces): the production option when
 * several API replicas and workers share the files. Browsers load them from S3_PUBLIC_URL (the bucket or a CDN).
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string;

  constructor(settings: S3Settings, client?: S3Client) {
    if (!settings.S3_BUCKET || !settings.S3_REGION)
      throw new Error('S3_BUCKET and S3_REGION are required for the s3 file store');
    this.bucket = settings.S3_BUCKET;
    this.client =
      client ??
      new S3Client({
        region: settings.S3_REGION,
        ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT, forcePathStyle: true } : {}),
        ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
          ? { credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY } }
          : {}),
      });
    this.publicBase =
      settings.S3_PUBLIC_URL ??
      (settings.S3_ENDPOINT
        ? `${settings.S3_ENDPOINT.replace(/\/+$/, '')}/${settings.S3_BUCKET}`
        : `https://${settings.S3_BUCKET}.s3.${settings.S3_REGION}.amazonaws.com`);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertValidFileKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidFileKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return null;
      const bytes = Buffer.from(await object.Body.transformToByteArray());
      return { bytes, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidFileKey(key);
    // S3 answers a delete of a missing key with success, as the interface wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  keyFromUrl(url: string): string | null {
    const base = `${this.publicBase}/`;
    if (!url.startsWith(base)) return null;
    const key = url.slice(base.length);
    return isValidFileKey(key) ? key : null;
  }
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}
