import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { DiskFileStorage, FILE_STORAGE } from './file-storage.js';
import { PhotoDecoder } from './photo-decoder.js';

/**
 * Uploaded images, for every module that takes them (referral photos, the media library): one file
 * storage and one decoding pool, so the pool's size is the whole machine's budget for decoding.
 */
@Global()
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new DiskFileStorage(config.uploadsDir) }, PhotoDecoder],
  exports: [FILE_STORAGE, PhotoDecoder],
})
export class ImagesModule {}
