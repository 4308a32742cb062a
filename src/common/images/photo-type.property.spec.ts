import fc from 'fast-check';
import { check } from '../../../test/support/property.js';
import { detectPhotoType } from './photo-type.js';

const bytes = (maxLength = 64) => fc.uint8Array({ maxLength });
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

const SIGNATURES: Array<[string, fc.Arbitrary<Uint8Array>]> = [
  ['image/jpeg', fc.constant(Uint8Array.from([0xff, 0xd8, 0xff]))],
  ['image/png', fc.constant(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/webp', fc.uint8Array({ minLength: 4, maxLength: 4 }).map((size) => concat(ascii('RIFF'), size, ascii('WEBP')))],
  [
    'image/heic',
    fc
      .tuple(fc.uint8Array({ minLength: 4, maxLength: 4 }), fc.constantFrom('heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'))
      .map(([size, brand]) => concat(size, ascii('ftyp'), ascii(brand))),
  ],
];

/** What attackers upload as "photos": markup, scripts, documents, archives, executables. */
const notAnImage = fc.oneof(
  fc
    .constantFrom(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg/>',
      '<!doctype html><script>',
      '%PDF-1.7\n',
      'PK\u0003\u0004',
      'MZ\u0090\u0000',
      '#!/bin/sh\n',
      'GIF89a',
      'BM6\u0000',
      '{"json":true}',
    )
    .map(ascii),
  fc.string({ maxLength: 40 }).map((text) => ascii(`<${text}`)),
);

describe('photo types (properties)', () => {
  it('never throws on any bytes, and answers only the four image types', () => {
    check(
      fc.property(bytes(), (head) => {
        const type = detectPhotoType(head);
        if (type) expect(['image/jpeg', 'image/png', 'image/webp', 'image/heic']).toContain(type.contentType);
      }),
      250,
    );
  });

  it('each signature is recognised whatever follows it; the extension matches the type', () => {
    const extensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/heic': 'heic' };
    check(
      fc.property(
        fc.constantFrom(...SIGNATURES).chain(([type, signature]) => fc.tuple(fc.constant(type), signature)),
        bytes(),
        ([type, signature], rest) => {
          expect(detectPhotoType(concat(signature, rest))).toEqual({ contentType: type, extension: extensions[type] });
        },
      ),
      250,
    );
  });

  it('is decided by the first 12 bytes alone: what comes after never changes the answer', () => {
    check(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), bytes(), (head, rest) => {
        expect(detectPhotoType(concat(head, rest))).toEqual(detectPhotoType(head));
      }),
      250,
    );
  });

  it('markup, documents, archives and executables are never taken for photos, whatever their name would say', () => {
    check(
      fc.property(notAnImage, bytes(), (head, rest) => expect(detectPhotoType(concat(head, rest))).toBeUndefined()),
      250,
    );
  });

  it('a truncated signature is not enough', () => {
    check(
      fc.property(
        fc.constantFrom(...SIGNATURES).chain(([, signature]) => signature),
        fc.nat(),
        (signature, cut) => {
          const length = cut % signature.length;
          expect(detectPhotoType(signature.subarray(0, length))).toBeUndefined();
        },
      ),
    );
  });
});
