import sharp from 'sharp';
import { buildHeic, gpsTags, GPS_XMP, HEVC_PAYLOAD, tiffWithGps } from '../../../test/support/image-fixtures.js';
import { cleanHeic, HeicFormatError } from './heic-container.js';

const ZIP = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(26, 0), Buffer.from('evil.html<script>alert(1)</script>', 'latin1')]);

describe('cleanHeic', () => {
  it('takes the GPS position out of the Exif item and the XMP item, keeping the image data and every offset', async () => {
    const input = buildHeic({ width: 80, height: 60, exif: tiffWithGps(), xmp: GPS_XMP });
    // The fixture really carries a position, as libheif reads it.
    const before = await sharp(input).metadata();
    expect(gpsTags(before.exif)).toEqual([1, 3]);
    expect(input.includes('GPSLatitude')).toBe(true);

    const sut = cleanHeic(input);

    expect(sut).toMatchObject({ width: 80, height: 60 });
    expect(sut.buffer.length).toBe(input.length);
    const after = await sharp(sut.buffer).metadata();
    expect(after).toMatchObject({ format: 'heif', compression: 'hevc', width: 80, height: 60 });
    expect(gpsTags(after.exif)).toEqual([]);
    expect(sut.buffer.includes('GPSLatitude')).toBe(false);
    expect(sut.buffer.includes(tiffWithGps())).toBe(false);
    expect(sut.buffer.includes(HEVC_PAYLOAD)).toBe(true);
  });

  it('zeroes bytes in mdat that no image points at, and drops bytes after the last box', () => {
    const input = buildHeic({ exif: tiffWithGps(), mdatJunk: Buffer.from('<html><script>alert(1)</script></html>'), trailing: ZIP });
    const sut = cleanHeic(input);
    expect(sut.buffer.includes('<script>')).toBe(false);
    expect(sut.buffer.includes('PK\x03\x04')).toBe(false);
    expect(sut.buffer.length).toBe(input.length - ZIP.length);
    expect(sut.buffer.includes(HEVC_PAYLOAD)).toBe(true);
  });

  it('turns an unknown top-level box into an empty free box', async () => {
    const input = buildHeic({ extraBox: { type: 'uuid', content: Buffer.concat([Buffer.alloc(16, 7), Buffer.from('<svg onload=alert(1)>')]) } });
    const sut = cleanHeic(input);
    expect(sut.buffer.includes('<svg')).toBe(false);
    expect(sut.buffer.includes('free')).toBe(true);
    expect(await sharp(sut.buffer).metadata()).toMatchObject({ format: 'heif', width: 64, height: 48 });
  });

  it.each([
    ['HTML behind a HEIC file type box', Buffer.concat([buildHeic().subarray(0, 24), Buffer.from('<html><script>alert(1)</script></html>')])],
    ['a file cut short', buildHeic().subarray(0, buildHeic().length - 40)],
    ['an AVIF-coded primary image', buildHeic({ primaryType: 'av01' })],
    ['only a file type box', buildHeic().subarray(0, 24)],
    ['an MP4 brand', Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypisom\0\0\0\0isom', 'latin1')])],
  ])('refuses %s', (_name, input) => {
    expect(() => cleanHeic(input)).toThrow(HeicFormatError);
  });
});
