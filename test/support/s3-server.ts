import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStorage } from '../../src/common/storage/s3-storage.js';

/** s3rver's fixed credentials (it checks the signature made with them). */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3 server in this process (s3rver: the S3 HTTP protocol over a temporary folder) on a free
 * loopback port, the real peer for the S3 storage driver as SmtpSink is for e-mail. Buckets are
 * created at start (names of 3 to 63 characters).
 */
export class S3TestServer {
  private constructor(
    private readonly server: S3rver,
    private readonly directory: string,
    readonly endpoint: string,
  ) {}

  static async start(buckets: string[]): Promise<S3TestServer> {
    const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    const { port } = await server.run();
    return new S3TestServer(server, directory, `http://127.0.0.1:${port}`);
  }

  /** The STORAGE_URL naming one of its buckets. */
  storageUrl(bucket: string): string {
    return `s3://${bucket}?endpoint=${encodeURIComponent(this.endpoint)}&region=ap-southeast-2&forcePathStyle=true`;
  }

  /** The environment that points the product at one of its buckets. */
  env(bucket: string): Record<string, string> {
    return {
      STORAGE_URL: this.storageUrl(bucket),
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    };
  }

  /** The product's S3 driver on one of its buckets. */
  storage(bucket: string): S3ObjectStorage {
    return new S3ObjectStorage({ bucket, region: 'ap-southeast-2', endpoint: this.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  }

  async stop(): Promise<void> {
    // Clients keep connections alive; close them so the server's close does not wait for their timeout.
    this.server.httpServer?.closeAllConnections();
    await this.server.close();
    await rm(this.directory, { recursive: true, force: true });
  }
}
