import sharp from 'sharp';
import { cleanHeic, HeicFormatError } from './heic-container.js';
import { detectPhotoType, type PhotoType } from './photo-type.js';

/**
 * Turns an uploaded file into the photo we store: only a real, decodable JPEG, PNG, WebP or HEIC
 * image, without its metadata (EXIF with GPS location, XMP, IPTC, comments).
 *
 * JPEG, PNG and WebP are decoded and encoded again by sharp (libvips): what is stored is pixels only,
 * turned upright from the EXIF orientation, in sRGB; anything riding along (a script after the image
 * data, a ZIP appended for a polyglot, text chunks) is gone, and a file that does not decode is
 * refused. HEIC cannot be decoded here (see heic-container.ts) and is cleaned at container level,
 * then checked by libheif (through sharp) to still be a HEIF image of the same size.
 */

/** 50 megapixels: a 48 MP phone photo passes; a small file claiming a huge canvas (a decompression bomb) does not. */
export const MAX_PHOTO_PIXELS = 50_000_000;

// One photo at a time, nothing kept between requests.
sharp.cache(false);

export type PhotoRefusal = 'not-an-image' | 'too-many-pixels';

export class PhotoRefused extends Error {
  constructor(
    readonly reason: PhotoRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoRefused';
  }
}

export interface CleanPhoto extends PhotoType {
  buffer: Buffer;
  width: number;
  height: number;
}

const SHARP_FORMAT = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** A WebP stored losslessly (a VP8L chunk) is kept lossless. */
function isLosslessWebp(buffer: Buffer): boolean {
  for (let at = 12; at + 8 <= buffer.length;) {
    const type = buffer.toString('latin1', at, at + 4);
    if (type === 'VP8L') return true;
    if (type === 'VP8 ') return false;
    at += 8 + buffer.readUInt32LE(at + 4) + (buffer.readUInt32LE(at + 4) % 2);
  }
  return false;
}

function refusedAsImage(error: unknown): PhotoRefused {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new PhotoRefused('too-many-pixels', `The image is larger than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`);
  return new PhotoRefused('not-an-image', 'The file is not a readable image.');
}

async function reencode(input: Buffer, type: PhotoType & { contentType: keyof typeof SHARP_FORMAT }): Promise<CleanPhoto> {
  const format = SHARP_FORMAT[type.contentType];
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS, sequentialRead: true });
    const metadata = await image.metadata();
    // libvips picks its loader from the bytes too; it must agree with the type we recognised.
    if (metadata.format !== format) throw new PhotoRefused('not-an-image', 'The file is not a readable image.');
    const upright = image.autoOrient();
    const encoded =
      format === 'jpeg'
        ? upright.jpeg({ quality: 90 })
        : format === 'png'
          ? upright.png({ compressionLevel: 6 })
          : // effort 2: a 12 MP WebP in about 1.5 s on this machine's 2 cores instead of 2.5 s (default 4), same size within 10 %.
            upright.webp(isLosslessWebp(input) ? { lossless: true, effort: 2 } : { quality: 90, effort: 2 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ...type, buffer: data, width: info.width, height: info.height };
  } catch (error) {
    throw error instanceof PhotoRefused ? error : refusedAsImage(error);
  }
}

async function cleanHeicPhoto(input: Buffer, type: PhotoType): Promise<CleanPhoto> {
  let cleaned;
  try {
    cleaned = cleanHeic(input);
  } catch (error) {
    if (error instanceof HeicFormatError) throw new PhotoRefused('not-an-image', 'The file is not a HEIC image that can be read.');
    throw error;
  }
  if (cleaned.width * cleaned.height > MAX_PHOTO_PIXELS) throw refusedAsImage(new Error('pixel limit'));
  // A second reader: libheif must still see a HEVC-coded HEIF image of the size we found.
  const metadata = await sharp(cleaned.buffer, { limitInputPixels: MAX_PHOTO_PIXELS })
    .metadata()
    .catch((error: unknown) => {
      throw refusedAsImage(error);
    });
  if (metadata.format !== 'heif' || metadata.compression !== 'hevc' || metadata.width !== cleaned.width || metadata.height !== cleaned.height) {
    throw new PhotoRefused('not-an-image', 'The file is not a HEIC image that can be read.');
  }
  return { ...type, buffer: cleaned.buffer, width: cleaned.width, height: cleaned.height };
}

/** The stored form of an uploaded photo, or PhotoRefused. */
export async function cleanPhoto(input: Buffer): Promise<CleanPhoto> {
  const type = detectPhotoType(input.subarray(0, 32));
  if (!type) throw new PhotoRefused('not-an-image', 'The file is not a JPEG, PNG, WebP or HEIC image.');
  if (type.contentType === 'image/heic') return cleanHeicPhoto(input, type);
  return reencode(input, type as PhotoType & { contentType: keyof typeof SHARP_FORMAT });
}
