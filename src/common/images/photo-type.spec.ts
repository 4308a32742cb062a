import { detectPhotoType } from './photo-type.js';

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])));

describe('detectPhotoType', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png'],
    ['WebP', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    ['HEIC', bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0), 'image/heic'],
    ['HEIF (mif1)', bytes(0, 0, 0, 0x18, 'ftypmif1', 0, 0), 'image/heic'],
  ])('recognises %s', (_name, head, type) => {
    expect(detectPhotoType(head)?.contentType).toBe(type);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['HTML', bytes('<!doctype html><script>')],
    ['PDF', bytes('%PDF-1.7')],
    ['MP4', bytes(0, 0, 0, 0x18, 'ftypisom', 0, 0)],
    ['GIF', bytes('GIF89a')],
    ['empty', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(detectPhotoType(head)).toBeUndefined();
  });
});
