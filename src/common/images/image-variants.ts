import sharp, { type Sharp } from 'sharp';
import { IMAGE_FORMATS, variantWidths, type ImageFormat } from '@relining/contracts/site-content';
import type { CleanPhoto } from './photo-cleaner.js';

/** One file a page can ask for: a width of the image in one encoding. */
export interface ImageVariant {
  width: number;
  height: number;
  format: ImageFormat;
  buffer: Buffer;
}

/**
 * Encoder settings chosen for photographs on web pages (AVIF and WebP about half and two thirds of
 * the JPEG's size for the same look); effort kept low so a 12 MP photo's fifteen files take a few
 * seconds on one thread, not a minute. JPEG is progressive with mozjpeg's tables: the fallback every
 * browser reads.
 */
const ENCODE: Readonly<Record<ImageFormat, (image: Sharp) => Sharp>> = {
  avif: (image) => image.avif({ quality: 55, effort: 2, chromaSubsampling: '4:2:0' }),
  webp: (image) => image.webp({ quality: 76, effort: 3 }),
  jpeg: (image) => image.jpeg({ quality: 80, progressive: true, mozjpeg: true }),
};

/**
 * Every variant a page's `srcset` names for a cleaned photo (photo-cleaner.ts: upright, sRGB, no
 * metadata): each width of `variantWidths` in AVIF, WebP and JPEG, made once when the photo is
 * uploaded. The largest width is decoded and resized once; the smaller ones are made from it.
 */
export async function makeImageVariants(photo: Pick<CleanPhoto, 'buffer' | 'width' | 'height'>): Promise<ImageVariant[]> {
  const widths = variantWidths(photo.width);
  const largest = widths[widths.length - 1]!;
  // One decode of the original, resized to the largest width served, kept lossless in memory.
  const base = await sharp(photo.buffer, { failOn: 'error' })
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const variants: ImageVariant[] = [];
  for (const width of widths) {
    const height = Math.max(1, Math.round((photo.height * width) / photo.width));
    for (const format of IMAGE_FORMATS) {
      let image = width === raw.width ? sharp(base.data, { raw }) : sharp(base.data, { raw }).resize({ width, height, fit: 'fill' });
      // JPEG has no transparency: a PNG's transparent parts become white, as on the page's background.
      if (format === 'jpeg' && raw.channels === 4) image = image.flatten({ background: '#ffffff' });
      const { data, info } = await ENCODE[format](image).toBuffer({ resolveWithObject: true });
      variants.push({ width, height: info.height, format, buffer: data });
    }
  }
  return variants;
}
