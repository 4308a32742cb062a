import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import type { JobPhotoRecord } from '@relining/contracts/api/inspections';
import { IMAGE_CONTENT_TYPE, IMAGE_FILE_EXTENSION, IMAGE_FORMATS, type ImageFormat } from '@relining/contracts/site-content';
import { DomainError } from '../../common/errors/domain-error.js';
import { FILE_STORAGE, type FileStorage } from '../../common/images/file-storage.js';
import { PhotoDecoder } from '../../common/images/photo-decoder.js';
import { detectPhotoType } from '../../common/images/photo-type.js';
import { receivePhotos, refusedPhoto, removingStoredOnFailure, unsupportedPhoto, type ReceivedFile } from '../../common/images/photo-upload.js';
import type { PublishOutcome } from '../../common/images/photo-worker.js';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { JobsService } from '../jobs/jobs.service.js';
import { AuditService } from '../audit/audit.service.js';
import { InspectionsRepository, type JobPhotoRow } from './inspections.repository.js';
import { photosInOrder, withoutPhoto } from './report.rules.js';

/** A job's report shows at most 40 photos; one request brings at most 5 (the multipart limits). */
export const MAX_JOB_PHOTOS = 40;
export const MAX_JOB_PHOTOS_PER_UPLOAD = 5;
export const TOO_MANY_JOB_PHOTOS = `A job has at most ${MAX_JOB_PHOTOS} photos.`;
export const HEIC_NOT_RESIZABLE = 'HEIC photos cannot be resized for the report: please upload a JPEG, PNG or WebP photo';
export const PHOTO_IN_PUBLISHED_REPORT = 'This photo is in the published report.';

const FORMAT_OF_EXTENSION = new Map(Object.entries(IMAGE_FILE_EXTENSION).map(([format, extension]) => [extension, format as ImageFormat]));
/** The cleaned original's possible extensions (photo-type.ts: what a cleaned JPEG, PNG or WebP is stored as). */
const ORIGINAL_EXTENSIONS = ['jpg', 'png', 'webp'] as const;

export const photoPrefix = (jobId: string, photoId: string) => `job-photos/${jobId}/${photoId}`;
export const variantKey = (jobId: string, photoId: string, width: number, format: ImageFormat) =>
  `${photoPrefix(jobId, photoId)}/${width}.${IMAGE_FILE_EXTENSION[format]}`;

export const toPhotoRecord = (row: JobPhotoRow): JobPhotoRecord => ({
  id: row.id,
  width: row.width,
  height: row.height,
  widths: [...row.widths].sort((a, b) => a - b),
  createdAt: new Date(row.createdAt).toISOString(),
});

const tooManyAtOnce = () => DomainError.validation([{ field: 'photos', message: `Upload at most ${MAX_JOB_PHOTOS_PER_UPLOAD} photos at a time.` }]);
const tooMany = () => DomainError.validation([{ field: 'photos', message: TOO_MANY_JOB_PHOTOS }]);
const heic = (file: ReceivedFile) =>
  new DomainError('UNSUPPORTED_PHOTO', HEIC_NOT_RESIZABLE, HttpStatus.UNSUPPORTED_MEDIA_TYPE, [{ field: file.field, message: HEIC_NOT_RESIZABLE }]);

type Published = Extract<PublishOutcome, { ok: true }>;
interface StoredPhoto {
  id: string;
  width: number;
  height: number;
  widths: number[];
  byteSize: number;
  originalName: string | null;
}

/** A file name a page asks for ('800.avif') as the width and format it names, or null. */
export function parseVariantFile(file: string): { width: number; format: ImageFormat } | null {
  const match = /^(\d{1,5})\.([a-z]{3,4})$/.exec(file);
  const format = match ? FORMAT_OF_EXTENSION.get(match[2]!) : undefined;
  return match && format ? { width: Number(match[1]), format } : null;
}

/**
 * The photos of a job's inspection (issue 17): checked exactly like referral photos (type from the
 * bytes, 10 MB, the pixel limit, metadata such as the GPS position stripped: photo-cleaner.ts), decoded
 * off the request path, and encoded ONCE at upload in every width and format the report's pages ask
 * for (`job-photos/{job}/{photo}/{width}.{avif|webp|jpg}`) beside the cleaned original. Serving a
 * photo only reads a stored file. Nothing of a refused or failed upload is kept.
 */
@Injectable()
export class JobPhotosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: InspectionsRepository,
    private readonly jobs: JobsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly decoder: PhotoDecoder,
    private readonly audit: AuditService,
  ) {}

  async list(jobId: string): Promise<JobPhotoRecord[]> {
    return (await this.repository.listPhotos(jobId)).map(toPhotoRecord);
  }

  /**
   * Cheapest checks first: the job, its room for photos and the decoding queue's before reading the
   * body; the count of files and their size while reading; the type from each file's first bytes;
   * then decoding; the count again under the job's photo lock, where it is authoritative.
   */
  async upload(actor: CurrentUserInfo, jobId: string, files: AsyncIterableIterator<MultipartFile>): Promise<JobPhotoRecord[]> {
    await this.jobs.customerOf(this.dataSource.manager, jobId);
    const alreadyAdded = await this.repository.countPhotos(jobId);
    if (alreadyAdded >= MAX_JOB_PHOTOS) throw tooMany();
    const room = Math.min(MAX_JOB_PHOTOS - alreadyAdded, MAX_JOB_PHOTOS_PER_UPLOAD);
    this.decoder.assertRoom(room);

    const received = await receivePhotos(files, room, this.decoder, {
      pastRoom: () => (alreadyAdded + room >= MAX_JOB_PHOTOS ? tooMany() : tooManyAtOnce()),
      tooManyAtOnce,
    });
    for (const file of received) {
      const type = detectPhotoType(file.buffer.subarray(0, 32));
      if (!type) throw unsupportedPhoto(file);
      // The phone's HEIC is a referral photo we keep as sent; here it must be resized, which libvips cannot do with HEVC.
      if (type.contentType === 'image/heic') throw heic(file);
    }
    const outcomes = await Promise.all(received.map((file) => this.decoder.publish(file.buffer)));
    const published = outcomes.map((outcome, index): Published => {
      const file = received[index]!;
      if (outcome.ok) return outcome;
      throw outcome.refusal === 'not-publishable' ? heic(file) : refusedPhoto(outcome.refusal, file);
    });

    return removingStoredOnFailure(this.storage, async (stored) => {
      const photos: StoredPhoto[] = [];
      for (const [index, outcome] of published.entries()) photos.push(await this.store(jobId, outcome, received[index]!.name, stored));
      await this.dataSource.transaction(async (manager) => {
        await this.repository.lockPhotos(manager, jobId);
        if ((await this.repository.countPhotos(jobId, manager)) + photos.length > MAX_JOB_PHOTOS) throw tooMany();
        for (const photo of photos) await this.repository.insertPhoto(manager, { ...photo, jobId, createdBy: actor.id });
        await this.audit.record(manager, {
          entity: 'job',
          entityId: jobId,
          action: 'photos_added',
          details: { count: photos.length, photoIds: photos.map((photo) => photo.id) },
        });
      });
      const ids = new Set<string>(photos.map((photo) => photo.id));
      return (await this.repository.listPhotos(jobId)).filter((row) => ids.has(row.id)).map(toPhotoRecord);
    });
  }

  /** Writes a photo's original and variants; every key written is pushed to `stored` as it is written. */
  private async store(jobId: string, outcome: Published, name: string, stored: string[]): Promise<StoredPhoto> {
    const id: string = randomUUID();
    const original = `${photoPrefix(jobId, id)}/original.${outcome.photo.extension}`;
    stored.push(original);
    await this.storage.put(original, Buffer.from(outcome.photo.buffer.buffer, outcome.photo.buffer.byteOffset, outcome.photo.buffer.byteLength));
    let byteSize = 0;
    for (const variant of outcome.variants) {
      const key = variantKey(jobId, id, variant.width, variant.format);
      stored.push(key);
      await this.storage.put(key, Buffer.from(variant.buffer.buffer, variant.buffer.byteOffset, variant.buffer.byteLength));
      byteSize += variant.buffer.byteLength;
    }
    const widths = [...new Set(outcome.variants.map((variant) => variant.width))].sort((a, b) => a - b);
    return { id, width: outcome.photo.width, height: outcome.photo.height, widths, byteSize, originalName: name || null };
  }

  /**
   * Deletes a photo: refused while the published report shows it (the customer's copy and PDF name it);
   * taken out of the draft's observations otherwise. Its files go after the commit.
   */
  async remove(jobId: string, photoId: string): Promise<void> {
    await this.jobs.customerOf(this.dataSource.manager, jobId);
    const photo = await this.dataSource.transaction(async (manager) => {
      const report = await this.repository.lockReport(manager, jobId);
      const found = await this.repository.findPhoto(jobId, photoId, manager);
      if (!found) throw DomainError.notFound('Photo not found.');
      if (report?.publishedSections && photosInOrder(report.publishedSections).includes(found.id)) {
        throw DomainError.conflict('PHOTO_PUBLISHED', PHOTO_IN_PUBLISHED_REPORT);
      }
      if (report && photosInOrder(report.sections).includes(found.id)) {
        await this.repository.replaceDraftSections(manager, jobId, withoutPhoto(report.sections, found.id));
      }
      await this.repository.deletePhoto(manager, jobId, found.id);
      await this.audit.record(manager, { entity: 'job', entityId: jobId, action: 'photo_removed', details: { photoId: found.id } });
      return found;
    });
    const keys = [
      ...photo.widths.flatMap((width) => IMAGE_FORMATS.map((format) => variantKey(jobId, photo.id, width, format))),
      ...ORIGINAL_EXTENSIONS.map((extension) => `${photoPrefix(jobId, photo.id)}/original.${extension}`),
    ];
    await Promise.all(keys.map((key) => this.storage.remove(key).catch(() => undefined)));
  }

  /** One stored file of a photo of the job ('800.avif'): only widths and formats it was encoded in. */
  async openVariant(jobId: string, photoId: string, file: string): Promise<{ stream: Readable; contentType: string }> {
    const wanted = parseVariantFile(file);
    const photo = wanted ? await this.repository.findPhoto(jobId, photoId) : null;
    if (!wanted || !photo || !photo.widths.includes(wanted.width)) throw DomainError.notFound('Photo not found.');
    return { stream: this.storage.read(variantKey(jobId, photo.id, wanted.width, wanted.format)), contentType: IMAGE_CONTENT_TYPE[wanted.format] };
  }

  /** A photo's cleaned original (upright, no metadata), whatever format it was kept in; null when the job has no such photo. */
  async original(jobId: string, photoId: string): Promise<Buffer | null> {
    const photo = await this.repository.findPhoto(jobId, photoId);
    if (!photo) return null;
    for (const extension of ORIGINAL_EXTENSIONS) {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of this.storage.read(`${photoPrefix(jobId, photo.id)}/original.${extension}`)) chunks.push(Buffer.from(chunk as Uint8Array));
        return Buffer.concat(chunks);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
      }
    }
    return null;
  }
}
