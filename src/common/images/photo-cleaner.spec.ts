import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { buildHeic, gpsTags, GPS_XMP, photoWithGps, plainPhoto, tiffWithGps } from '../../../test/support/image-fixtures.js';
import { cleanPhoto, MAX_PHOTO_PIXELS, PhotoRefused } from './photo-cleaner.js';

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const ZIP = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(26, 0), Buffer.from('payload.class', 'latin1')]);

describe('cleanPhoto', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const)('re-encodes a %s without EXIF, XMP or GPS, same type and size', async (format, contentType) => {
    const input = await photoWithGps(format, { width: 64, height: 48 });
    const before = await sharp(input).metadata();
    expect(gpsTags(before.exif).length).toBeGreaterThan(0);
    expect(before.xmp).toBeDefined();

    const sut = await cleanPhoto(input);

    expect(sut).toMatchObject({ contentType, width: 64, height: 48 });
    const after = await sharp(sut.buffer).metadata();
    expect(after).toMatchObject({ format, width: 64, height: 48 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(sut.buffer.includes('GPSLatitude')).toBe(false);
  });

  it('turns a photo upright from its EXIF orientation, then drops the tag', async () => {
    const input = await photoWithGps('jpeg', { width: 64, height: 48, orientation: 6 });
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const sut = await cleanPhoto(input);
    const after = await sharp(sut.buffer).metadata();
    expect(after).toMatchObject({ width: 48, height: 64 });
    expect(after.orientation).toBeUndefined();
  });

  it('keeps a HEIC as HEIC with its Exif emptied', async () => {
    const sut = await cleanPhoto(buildHeic({ width: 80, height: 60, exif: tiffWithGps(), xmp: GPS_XMP }));
    expect(sut).toMatchObject({ contentType: 'image/heic', extension: 'heic', width: 80, height: 60 });
    expect(gpsTags((await sharp(sut.buffer).metadata()).exif)).toEqual([]);
  });

  it.each([
    ['JPEG + HTML', 'jpeg', HTML],
    ['JPEG + ZIP (GIFAR-style)', 'jpeg', ZIP],
    ['PNG + <script>', 'png', Buffer.from('<script>alert(1)</script>')],
    ['WebP + HTML', 'webp', HTML],
  ] as const)('stores a %s polyglot without what was appended', async (_name, format, tail) => {
    const sut = await cleanPhoto(Buffer.concat([await plainPhoto(format), tail]));
    expect(sut.buffer.includes(tail)).toBe(false);
    expect(sut.buffer.includes('<script')).toBe(false);
    expect(sut.buffer.includes('PK\x03\x04')).toBe(false);
    expect((await sharp(sut.buffer).metadata()).format).toBe(format);
  });

  it.each([
    ['HTML behind a JPEG signature', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML])],
    [
      'a PDF behind a PNG signature',
      async () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('%PDF-1.7\n1 0 obj')]),
    ],
    ['a WebP header with no image', async () => Buffer.from('RIFF\x20\0\0\0WEBPVP8 \x10\0\0\0<script>x</script>', 'latin1')],
    ['a JPEG cut in half', async () => (await plainPhoto('jpeg', 64, 64)).subarray(0, 200)],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    [
      'a GIF',
      async () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
    ],
    [
      'a TIFF',
      async () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
    ],
    [
      'an AVIF',
      async () =>
        sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
          .avif()
          .toBuffer(),
    ],
  ])('refuses %s as not an image', async (_name, make) => {
    await expect(cleanPhoto(await make())).rejects.toMatchObject({ name: 'PhotoRefused', reason: 'not-an-image' });
  });

  it('refuses an image claiming more pixels than the limit (a decompression bomb) before decoding it', async () => {
    // A tiny PNG whose header claims 10,000 × 10,000 pixels (IHDR rewritten, its CRC fixed).
    const bomb = Buffer.from(await plainPhoto('png', 1, 1));
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_PHOTO_PIXELS);
    await expect(cleanPhoto(bomb)).rejects.toEqual(expect.any(PhotoRefused));
    await expect(cleanPhoto(bomb)).rejects.toMatchObject({ reason: 'too-many-pixels' });
  });
});
