/** The image types a referral photo may be, recognised from the file's first bytes, never from its name. */
export type PhotoType = { contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic'; extension: string };

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** JPEG, PNG, WebP or HEIC/HEIF from the magic bytes; undefined for anything else (SVG, HTML, PDF…). */
export function detectPhotoType(head: Uint8Array): PhotoType | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...head.subarray(start, end));
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => head[index] === byte)) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { contentType: 'image/webp', extension: 'webp' };
  if (head.length >= 12 && ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12))) return { contentType: 'image/heic', extension: 'heic' };
  return undefined;
}
