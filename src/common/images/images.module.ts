import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { createObjectStorage } from '../storage/create-storage.js';
import { FILE_STORAGE, type ObjectStorage } from '../storage/object-storage.js';
import { PhotoDecoder } from './photo-decoder.js';

/**
 * Uploaded images, for every module that takes them (referral photos, the media library, job photos
 * and report PDFs): one file storage (the disk, or an S3 bucket when STORAGE_URL says so) and one
 * decoding pool, so the pool's size is the whole machine's budget for decoding.
 */
@Global()
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createObjectStorage(config.storage) }, PhotoDecoder],
  exports: [FILE_STORAGE, PhotoDecoder],
})
export class ImagesModule implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORAGE) private readonly storage: ObjectStorage & { destroy?(): void }) {}

  /** Closes the S3 client's sockets with the app. */
  onApplicationShutdown(): void {
    this.storage.destroy?.();
  }
}
