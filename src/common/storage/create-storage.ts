import type { StorageConfig } from '../../config/app-config.js';
import { DiskObjectStorage } from './disk-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3-storage.js';

/** The storage driver the configuration names: the server's (FILE_STORAGE) and the backup commands' alike. */
export function createObjectStorage(config: StorageConfig): ObjectStorage & { destroy?(): void } {
  if (config.driver === 'disk') return new DiskObjectStorage(config.uploadsDir);
  return new S3ObjectStorage({
    bucket: config.bucket,
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
}
