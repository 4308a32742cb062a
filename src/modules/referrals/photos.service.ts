import { Inject, Injectable } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { PhotosRepository, type PhotoRow } from './photos.repository.js';
import { ReferralsRepository } from './referrals.repository.js';
import { FILE_STORAGE, type FileStorage } from '../../common/images/file-storage.js';
import type { CleanPhoto } from '../../common/images/photo-cleaner.js';
import {
  MAX_PHOTO_BYTES,
  receivePhotos,
  refusedPhoto,
  removingStoredOnFailure,
  unsupportedPhoto,
  type ReceivedFile,
} from '../../common/images/photo-upload.js';
import { PhotoDecoder } from '../../common/images/photo-decoder.js';
import { detectPhotoType } from '../../common/images/photo-type.js';
import type { ReferralPhoto } from '@relining/contracts/api/referrals';

/** Up to 5 photos a referral, 10 MB each (the multipart limits refuse bigger files with 413). */
export const MAX_PHOTOS = 5;
export { MAX_PHOTO_BYTES };

type CleanUpload = CleanPhoto & { name: string };

const tooManyAtOnce = () =>
  DomainError.validation([{ field: 'photos', message: `A referral can have at most ${MAX_PHOTOS} photos: choose ${MAX_PHOTOS} or fewer.` }]);

/** More photos than the referral has room for: those it has already, told when there are some. */
const tooMany = (alreadyAdded: number) =>
  alreadyAdded === 0
    ? tooManyAtOnce()
    : DomainError.validation([{ field: 'photos', message: `A referral can have at most ${MAX_PHOTOS} photos (${alreadyAdded} already added).` }]);

const toReferralPhotos = (rows: readonly PhotoRow[]): ReferralPhoto[] => rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));

@Injectable()
export class PhotosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: PhotosRepository,
    private readonly referrals: ReferralsRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly decoder: PhotoDecoder,
  ) {}

  async list(referralId: string): Promise<ReferralPhoto[]> {
    return toReferralPhotos(await this.repository.findForReferral(referralId));
  }

  /**
   * Stores the uploaded images of one request. Each file's type is read from its content (JPEG, PNG,
   * WebP or HEIC) and the file must really be that image; what is kept is the cleaned copy, without
   * EXIF/XMP metadata such as the GPS position (photo-cleaner.ts). Anything else, whatever its name
   * says, is refused with 415; a file over 10 MB with 413; more than 5 photos with 400. A refusal keeps
   * nothing of the request.
   *
   * Every limit that needs no decoding comes first, cheapest first, so a request that is refused costs
   * no decoding (the caller has already checked the referral is the plumber's own). Before a byte of
   * the body is read: the photos the referral has already, and room in the decoding queue for as many
   * as it still takes (503 with Retry-After, not a wait: a busy server does not even read the 50 MB).
   * As each file starts, before it is read: the number of files (the first past the referral's room is
   * refused) and room in the queue still (another upload may have taken it meanwhile). Each file's
   * size is held by the multipart limits, and its type is read from its first bytes. Only then are the
   * photos decoded, off the request path (photo-decoder.ts), and the count checked again where it is
   * authoritative: in the transaction that saves them, against an upload that ran alongside.
   */
  async upload(referralId: string, files: AsyncIterableIterator<MultipartFile>, userId: string): Promise<ReferralPhoto[]> {
    const alreadyAdded = await this.repository.countForReferral(referralId);
    if (alreadyAdded >= MAX_PHOTOS) throw tooMany(alreadyAdded);
    this.decoder.assertRoom(MAX_PHOTOS - alreadyAdded);

    const received = await receivePhotos(files, MAX_PHOTOS - alreadyAdded, this.decoder, { pastRoom: () => tooMany(alreadyAdded), tooManyAtOnce });
    for (const file of received) {
      if (!detectPhotoType(file.buffer.subarray(0, 32))) throw unsupportedPhoto(file);
    }
    const cleaned = await this.clean(received);

    return removingStoredOnFailure(this.storage, (stored) => this.save(referralId, cleaned, userId, stored));
  }

  /** Decodes and cleans every file on the decoding pool; the first refused one refuses the request. */
  private async clean(received: ReceivedFile[]): Promise<CleanUpload[]> {
    const outcomes = await this.decoder.clean(received.map((file) => file.buffer));
    return outcomes.map((outcome, index) => {
      const file = received[index]!;
      if (!outcome.ok) throw refusedPhoto(outcome.refusal, file);
      const { buffer, ...photo } = outcome.photo;
      return { ...photo, buffer: Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength), name: file.name };
    });
  }

  private save(referralId: string, received: CleanUpload[], userId: string, stored: string[]): Promise<ReferralPhoto[]> {
    return this.dataSource.transaction(async (manager) => {
      await this.repository.lockReferral(manager, referralId);
      const count = await this.repository.countForReferral(referralId, manager);
      if (count + received.length > MAX_PHOTOS) {
        throw DomainError.validation([{ field: 'photos', message: `A referral can have at most ${MAX_PHOTOS} photos (${count} already added).` }]);
      }
      for (const photo of received) {
        const id = randomUUID();
        const key = `referrals/${referralId}/${id}.${photo.extension}`;
        stored.push(key);
        await this.storage.put(key, photo.buffer);
        await this.repository.insert(manager, {
          id,
          referralId,
          storageKey: key,
          contentType: photo.contentType,
          byteSize: photo.buffer.length,
          originalName: photo.name || null,
          uploadedBy: userId,
        });
        await this.referrals.recordEvent(manager, referralId, { kind: 'photo', actorId: userId, to: photo.name || id });
      }
      return toReferralPhotos(await this.repository.findForReferral(referralId, manager));
    });
  }

  async open(referralId: string, photoId: string): Promise<{ stream: Readable; contentType: string; byteSize: number; fileName: string }> {
    const photo = await this.repository.findFile(referralId, photoId);
    if (!photo) throw DomainError.notFound('Photo not found.');
    // A name of our own (never the uploaded one) with the extension of the type we stored.
    const fileName = `photo-${photoId.toLowerCase()}.${photo.key.split('.').pop()}`;
    return { stream: this.storage.read(photo.key), contentType: photo.contentType, byteSize: photo.byteSize, fileName };
  }
}
