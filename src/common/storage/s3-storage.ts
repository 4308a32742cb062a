import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, isStorageKey, StoredObjectNotFoundError, type ObjectStorage } from './object-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); absent: AWS itself. */
  endpoint?: string;
  /** Bucket in the path (`http://host/bucket/key`) rather than the host name, as MinIO and s3rver expect. */
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (AWS_* variables, shared profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** Content types by extension, so a file opened from the bucket's own console shows as what it is. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  pdf: 'application/pdf',
};

/**
 * One S3 bucket (AWS or any S3-compatible service), so several server instances share every file.
 * Keys are the same as on disk; the bucket holds only this product's files.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.description = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ` (${options.region})`}`;
    const config: S3ClientConfig = { region: options.region, forcePathStyle: options.forcePathStyle, maxAttempts: 3 };
    if (options.endpoint) {
      config.endpoint = options.endpoint;
      // S3-compatible services lag behind AWS's newer integrity checksums (CRC32 headers, trailers):
      // send and check them only where an operation requires them, as every service understands.
      config.requestChecksumCalculation = 'WHEN_REQUIRED';
      config.responseChecksumValidation = 'WHEN_REQUIRED';
    }
    if (options.credentials) config.credentials = options.credentials;
    this.client = new S3Client(config);
  }

  async put(key: string, content: Buffer): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: content,
          ContentLength: content.length,
          ContentType: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream',
        }),
      );
    } catch (error) {
      throw this.failure('store', key, error);
    }
  }

  /**
   * A stream answered at once and fed once S3 answers. A missing key errors it with code ENOENT (as a
   * missing file does on disk); a reader that stops early (a client gone) aborts the download.
   */
  read(key: string): Readable {
    assertStorageKey(key);
    const output = new PassThrough();
    const abort = new AbortController();
    output.once('close', () => abort.abort());
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal: abort.signal })
      .then(
        async (answer) => {
          if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a body`);
          await pipeline(answer.Body, output);
        },
        (error: unknown) => {
          if (!output.destroyed) output.destroy(isNotFound(error) ? new StoredObjectNotFoundError(key, this.description) : this.failure('read', key, error));
        },
      )
      .catch((error: unknown) => {
        if (!output.destroyed) output.destroy(error as Error);
      });
    return output;
  }

  /** Deleting a missing key succeeds (S3 answers 204 either way). */
  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw this.failure('remove', key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw this.failure('look up', key, error);
    }
  }

  /** Every key under the prefix, a page of up to 1,000 at a time; objects that are not storage keys are left out. */
  async *list(prefix = ''): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      } catch (error) {
        throw this.failure('list', prefix || '(all keys)', error);
      }
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined && isStorageKey(object.Key)) yield object.Key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Lets go of the client's sockets (a CLI run ends promptly). */
  destroy(): void {
    this.client.destroy();
  }

  private failure(action: string, key: string, error: unknown): Error {
    const reason = error instanceof S3ServiceException ? `${error.name}: ${error.message}` : error instanceof Error ? error.message : String(error);
    return new Error(`Could not ${action} ${key} in ${this.description}: ${reason}`, { cause: error });
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchBucket') return false; // the bucket itself missing is a setup problem, said as such
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
}
