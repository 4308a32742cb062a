import fc from 'fast-check';
import { BACKUP_MAGIC, BackupFormatError, decodeFrames, encodeFrame, Frame, isSafeRelativePath, RowChecksum, type FrameType } from './backup-format.js';

async function* chunksOf(bytes: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let start = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= start || cut >= bytes.length) continue;
    yield bytes.subarray(start, cut);
    start = cut;
  }
  yield bytes.subarray(start);
}

async function decodeAll(bytes: Buffer, cuts: number[] = []): Promise<Array<{ type: string; payload: string }>> {
  const frames = [];
  for await (const frame of decodeFrames(chunksOf(bytes, cuts))) frames.push({ type: frame.type, payload: frame.payload.toString('latin1') });
  return frames;
}

const frameArbitrary = fc.record({
  type: fc.constantFrom<FrameType>(...Object.values(Frame)),
  payload: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
});

describe('backup frames', () => {
  it('decode to exactly what was encoded, however the stream is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frameArbitrary, { maxLength: 8 }), fc.array(fc.nat({ max: 4000 }), { maxLength: 12 }), async (frames, cuts) => {
        const bytes = Buffer.concat([BACKUP_MAGIC, ...frames.map((f) => encodeFrame(f.type, Buffer.from(f.payload, 'latin1')))]);
        expect(await decodeAll(bytes, cuts)).toEqual(frames);
      }),
      { numRuns: 200 },
    );
  });

  it('refuse a stream cut inside a frame (a truncated file)', async () => {
    const bytes = Buffer.concat([
      BACKUP_MAGIC,
      encodeFrame(Frame.Header, { a: 1 }),
      encodeFrame(Frame.Data, Buffer.alloc(100, 7)),
      encodeFrame(Frame.Trailer, {}),
    ]);
    const boundaries = new Set<number>();
    let offset = BACKUP_MAGIC.length;
    boundaries.add(offset);
    for (const length of [7, 100, 2]) {
      offset += 5 + length;
      boundaries.add(offset);
    }
    for (let cut = BACKUP_MAGIC.length + 1; cut < bytes.length; cut += 1) {
      if (boundaries.has(cut)) continue;
      await expect(decodeAll(bytes.subarray(0, cut))).rejects.toThrow(/truncated/);
    }
  });

  it.each([
    ['an empty file', Buffer.alloc(0), /empty or too short/],
    ['another file', Buffer.from('PGDMP custom dump from pg_dump, not ours'), /not a pipe-relining backup/],
    ['an unknown section', Buffer.concat([BACKUP_MAGIC, Buffer.from('X\0\0\0\0')]), /unknown section/],
    ['an absurd section length', Buffer.concat([BACKUP_MAGIC, Buffer.from([0x44, 0x7f, 0xff, 0xff, 0xff])]), /a section of/],
  ])('refuse %s', async (_name, bytes, message) => {
    const attempt = decodeAll(bytes);
    await expect(attempt).rejects.toThrow(BackupFormatError);
    await expect(decodeAll(bytes)).rejects.toThrow(message);
  });
});

describe('RowChecksum', () => {
  const digest = (text: string, cuts: number[] = []) => {
    const sut = new RowChecksum();
    const bytes = Buffer.from(text, 'utf8');
    let start = 0;
    for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
      if (cut <= start || cut >= bytes.length) continue;
      sut.update(bytes.subarray(start, cut));
      start = cut;
    }
    sut.update(bytes.subarray(start));
    return sut.digest();
  };
  const rowsArbitrary = fc.uniqueArray(
    fc.string({ maxLength: 20 }).map((s) => s.replace(/\n/g, ' ')),
    { minLength: 1, maxLength: 20 },
  );

  it('counts rows and ignores their order and how the data is chunked', () => {
    fc.assert(
      fc.property(rowsArbitrary, fc.array(fc.nat({ max: 400 })), (rows, cuts) => {
        const forward = digest(rows.map((r) => `${r}\n`).join(''));
        const backward = digest(
          [...rows]
            .reverse()
            .map((r) => `${r}\n`)
            .join(''),
          cuts,
        );
        expect(backward).toEqual(forward);
        expect(forward.rows).toBe(rows.length);
      }),
    );
  });

  it('changes when any row changes, goes missing or is doubled', () => {
    fc.assert(
      fc.property(rowsArbitrary, fc.nat(), (rows, pick) => {
        const original = digest(rows.map((r) => `${r}\n`).join('')).checksum;
        const index = pick % rows.length;
        const changed = rows.map((r, i) => (i === index ? `${r}x` : r));
        expect(digest(changed.map((r) => `${r}\n`).join('')).checksum).not.toBe(original);
        expect(
          digest(
            rows
              .filter((_r, i) => i !== index)
              .map((r) => `${r}\n`)
              .join(''),
          ).checksum,
        ).not.toBe(original);
        expect(digest([...rows, rows[index]].map((r) => `${r}\n`).join('')).checksum).not.toBe(original);
      }),
    );
  });

  it('refuses data that ends in the middle of a row', () => {
    expect(() => digest('one\ntwo')).toThrow(/middle of a row/);
    expect(digest('')).toEqual({ rows: 0, checksum: '0'.repeat(128) });
  });
});

describe('isSafeRelativePath', () => {
  it.each([
    ['referrals/3f1c/photo.jpg', true],
    ['a.jpg', true],
    ['', false],
    ['/etc/passwd', false],
    ['../outside.jpg', false],
    ['referrals/../../outside.jpg', false],
    ['referrals/./a.jpg', false],
    ['referrals//a.jpg', false],
    ['referrals\\..\\a.jpg', false],
    ['a\0.jpg', false],
  ])('%j → %s', (relative, safe) => {
    expect(isSafeRelativePath(relative)).toBe(safe);
  });
});
