import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Multipart } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import type { MediaImageRecord } from '@relining/contracts/api/media';
import { isTicked, mediaFieldProblems } from '@relining/contracts/media-rules';
import { IMAGE_CONTENT_TYPE, IMAGE_FILE_EXTENSION, MEDIA_MESSAGES, type ImageFormat } from '@relining/contracts/site-content';
import { slotLabel } from './slot-labels.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { unreadableForm } from '../../common/http/form-body.js';
import { FILE_STORAGE, type FileStorage } from '../../common/images/file-storage.js';
import { MAX_PHOTO_PIXELS } from '../../common/images/photo-cleaner.js';
import { PhotoDecoder } from '../../common/images/photo-decoder.js';
import { detectPhotoType } from '../../common/images/photo-type.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { MediaImage } from './media-image.entity.js';
import { MEDIA_LIST, MediaRepository } from './media.repository.js';
import { SiteSlotsService } from './site-slots.service.js';

/** The same limit as a referral photo's (the multipart limits refuse a bigger file with 413). */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;

/** A file name's extension → the format it holds. */
const FORMAT_OF_EXTENSION = new Map(Object.entries(IMAGE_FILE_EXTENSION).map(([format, extension]) => [extension, format as ImageFormat]));

function toRecord(image: MediaImage, usedIn: readonly string[]): MediaImageRecord {
  return {
    id: image.id,
    altText: image.altText,
    caption: image.caption,
    showsCustomerProperty: image.showsCustomerProperty,
    consentNote: image.consentNote,
    originalName: image.originalName,
    width: image.width,
    height: image.height,
    widths: image.widths,
    byteSize: image.byteSize,
    thumbnailUrl: `/media/${image.id}/${image.widths[0]}.jpg`,
    usedIn: usedIn.map(slotLabel),
    createdAt: image.createdAt.toISOString(),
    updatedAt: image.updatedAt.toISOString(),
    archivedAt: image.archivedAt?.toISOString() ?? null,
  };
}

const optionalText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The describing fields as stored: trimmed, the consent note kept only with a customer's property. */
function describing(fields: Record<string, unknown>): Pick<MediaImage, 'altText' | 'caption' | 'showsCustomerProperty' | 'consentNote'> {
  const problems = mediaFieldProblems(fields);
  if (problems.length > 0) throw DomainError.validation(problems);
  const showsCustomerProperty = isTicked(fields.showsCustomerProperty);
  return {
    altText: String(fields.altText).trim(),
    caption: optionalText(fields.caption),
    showsCustomerProperty,
    consentNote: showsCustomerProperty ? optionalText(fields.consentNote) : null,
  };
}

function uploadError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const tooLarge = `Each photo can be at most ${MAX_MEDIA_BYTES / 1024 / 1024} MB.`;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new DomainError('PHOTO_TOO_LARGE', tooLarge, HttpStatus.PAYLOAD_TOO_LARGE, [{ field: 'file', message: tooLarge }]);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return DomainError.validation([{ field: 'file', message: 'Upload one photo at a time.' }]);
  return unreadableForm(error);
}

const unsupported = () =>
  new DomainError('UNSUPPORTED_PHOTO', 'Photos must be JPEG, PNG or WebP images.', HttpStatus.UNSUPPORTED_MEDIA_TYPE, [
    { field: 'file', message: 'The file is not a JPEG, PNG or WebP image.' },
  ]);

/**
 * The media library (issue 14): staff upload the business's own photos, describe them (alt text,
 * caption, the owner's consent when a customer's property is shown), and choose them for the pages'
 * slots (site-slots.service.ts). An upload is cleaned exactly like a referral photo (type from the
 * bytes, metadata stripped, size and pixel limits) and encoded once in every width and format the
 * pages ask for, off the request path; nothing of a refused upload is kept.
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MediaRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly decoder: PhotoDecoder,
    private readonly slots: SiteSlotsService,
  ) {}

  async list(params: ListParams): Promise<{ rows: MediaImageRecord[]; offset: number; total: number }> {
    const list = parseListParams(params, MEDIA_LIST);
    const [images, total] = await this.repository.findForAdminList(list);
    const used = await this.repository.slotsShowingEach(images.map((image) => image.id));
    return { rows: images.map((image) => toRecord(image, used.get(image.id) ?? [])), offset: list.offset, total };
  }

  async get(id: string): Promise<MediaImageRecord> {
    const image = await this.repository.findById(id);
    if (!image) throw DomainError.notFound('Photo not found.');
    return toRecord(image, await this.repository.slotsShowing(id));
  }

  async update(id: string, fields: Record<string, unknown>): Promise<MediaImageRecord> {
    const updated = await this.repository.updateFields(id, describing(fields));
    if (!updated) throw DomainError.notFound('Photo not found.');
    this.slots.forget();
    return toRecord(updated, await this.repository.slotsShowing(id));
  }

  async setArchived(id: string, archive: boolean): Promise<MediaImageRecord> {
    const outcome = await this.repository.setArchived(id, archive);
    this.slots.forget();
    if (outcome === 'missing') throw DomainError.notFound('Photo not found.');
    if (outcome === 'in-use') {
      const where = (await this.repository.slotsShowing(id)).map(slotLabel).join(', ');
      throw DomainError.conflict('PHOTO_IN_USE', `This photo is shown on the website (${where}): choose another photo there first.`);
    }
    return this.get(id);
  }

  /**
   * Takes one multipart upload: the `file` and the describing fields, in any order. The fields are
   * checked before the photo is decoded (a missing alt text costs no decoding), and the decoding queue
   * must have room before the file is read (503 with Retry-After otherwise).
   */
  async upload(parts: AsyncIterableIterator<Multipart>, userId: string): Promise<MediaImageRecord> {
    this.decoder.assertRoom(1);
    const fields: Record<string, unknown> = {};
    let file: { buffer: Buffer; name: string } | undefined;
    try {
      for await (const part of parts) {
        if (part.type === 'file') {
          if (file || part.fieldname !== 'file') throw DomainError.validation([{ field: 'file', message: 'Upload one photo at a time, in the field "file".' }]);
          file = { buffer: await part.toBuffer(), name: (part.filename || '').slice(0, 200) };
        } else if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      throw uploadError(error);
    }
    const described = describing(fields);
    if (!file || file.buffer.length === 0) throw DomainError.validation([{ field: 'file', message: MEDIA_MESSAGES.file }]);
    const type = detectPhotoType(file.buffer.subarray(0, 32));
    if (!type) throw unsupported();
    if (type.contentType === 'image/heic') {
      throw new DomainError('UNSUPPORTED_PHOTO', MEDIA_MESSAGES.heic, HttpStatus.UNSUPPORTED_MEDIA_TYPE, [{ field: 'file', message: MEDIA_MESSAGES.heic }]);
    }
    const outcome = await this.decoder.publish(file.buffer);
    if (!outcome.ok) {
      if (outcome.refusal === 'too-many-pixels') {
        const message = `Photos can be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`;
        throw new DomainError('PHOTO_TOO_LARGE', message, HttpStatus.PAYLOAD_TOO_LARGE, [{ field: 'file', message }]);
      }
      if (outcome.refusal === 'not-publishable') {
        throw new DomainError('UNSUPPORTED_PHOTO', MEDIA_MESSAGES.heic, HttpStatus.UNSUPPORTED_MEDIA_TYPE, [{ field: 'file', message: MEDIA_MESSAGES.heic }]);
      }
      throw unsupported();
    }

    return this.store(outcome, described, file.name || null, userId);
  }

  /**
   * A photo the product already holds, cleaned (a job's inspection photo the customer agreed to show,
   * issue 17), into the library: checked and encoded exactly like an upload, described as given.
   */
  async importCleaned(
    buffer: Buffer,
    fields: { altText: string; caption?: string | null; showsCustomerProperty: boolean; consentNote: string | null; originalName: string | null },
    userId: string,
  ): Promise<MediaImageRecord> {
    const described = describing({ ...fields });
    const outcome = await this.decoder.publish(buffer);
    if (!outcome.ok) throw unsupported();
    return this.store(outcome, described, fields.originalName, userId);
  }

  /** Writes a decoded photo's files, then its row; nothing half-kept when either fails. */
  private async store(
    outcome: Extract<Awaited<ReturnType<PhotoDecoder['publish']>>, { ok: true }>,
    described: ReturnType<typeof describing>,
    originalName: string | null,
    userId: string,
  ): Promise<MediaImageRecord> {
    const id = randomUUID();
    const prefix = `media/${id}`;
    const stored: string[] = [];
    try {
      const original = `${prefix}/original.${outcome.photo.extension}`;
      stored.push(original);
      await this.storage.put(original, Buffer.from(outcome.photo.buffer));
      let byteSize = 0;
      for (const variant of outcome.variants) {
        const key = `${prefix}/${variant.width}.${IMAGE_FILE_EXTENSION[variant.format]}`;
        stored.push(key);
        await this.storage.put(key, Buffer.from(variant.buffer.buffer, variant.buffer.byteOffset, variant.buffer.byteLength));
        byteSize += variant.buffer.byteLength;
      }
      const widths = [...new Set(outcome.variants.map((variant) => variant.width))].sort((a, b) => a - b);
      const image = await this.dataSource.transaction((manager) =>
        this.repository.insert(manager, {
          id,
          ...described,
          originalName,
          contentType: outcome.photo.contentType,
          width: outcome.photo.width,
          height: outcome.photo.height,
          widths,
          byteSize,
          storagePrefix: prefix,
          createdBy: userId,
        }),
      );
      return toRecord(image, []);
    } catch (error) {
      // Nothing half-kept: the files written before the failure go too.
      await Promise.all(stored.map((key) => this.storage.remove(key).catch(() => undefined)));
      throw error;
    }
  }

  /**
   * One file of a photo as pages ask for it (`/media/{id}/{width}.{avif|webp|jpg}`): only the widths
   * and formats it was published in, never an archived photo's.
   */
  async openVariant(id: string, fileName: string): Promise<{ stream: Readable; contentType: string }> {
    const match = /^(\d{1,5})\.([a-z]{3,4})$/.exec(fileName);
    const format = match ? FORMAT_OF_EXTENSION.get(match[2]!) : undefined;
    if (!match || !format || !/^[0-9a-f-]{36}$/.test(id)) throw DomainError.notFound('No such image.');
    const image = await this.repository.findServable(id);
    const width = Number(match[1]);
    if (!image || !image.widths.includes(width)) throw DomainError.notFound('No such image.');
    return { stream: this.storage.read(`${image.storagePrefix}/${width}.${IMAGE_FILE_EXTENSION[format]}`), contentType: IMAGE_CONTENT_TYPE[format] };
  }
}
