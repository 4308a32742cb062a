/**
 * Removes the metadata of a HEIC photo without decoding it. The prebuilt libvips that `sharp` ships
 * reads HEIF containers but has no HEVC decoder (HEVC is patent-encumbered), so a HEIC cannot be
 * re-encoded the way JPEG, PNG and WebP are. Instead the file is cleaned in place, every offset kept:
 *
 * - the Exif item is overwritten with an empty Exif block (no tags), XMP and other `mime`/`uri ` items
 *   with an empty XMP packet or zeros: no location, camera or time survives;
 * - every byte of `mdat` (and of any other top-level box) that no image item points at is zeroed, so
 *   nothing else can hide in the file (a ZIP, a script), and unknown boxes become `free` boxes;
 * - bytes after the last box are dropped.
 *
 * Orientation in HEIF is the `irot`/`imir` item properties (kept), not Exif. Anything this cannot
 * read with certainty (an unknown layout, metadata stored through other items, offsets outside the
 * file) is refused rather than half-cleaned.
 */

export class HeicFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HeicFormatError';
  }
}

export interface CleanedHeic {
  buffer: Buffer;
  width: number;
  height: number;
}

interface Box {
  type: string;
  /** Offset of the box's first byte. */
  start: number;
  /** Offset of the payload (after size, type, largesize, usertype). */
  payload: number;
  end: number;
}

interface Extent {
  offset: number;
  length: number;
}

interface Location {
  method: number;
  extents: Extent[];
}

interface ItemInfo {
  type: string;
  contentType?: string;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
/** Items holding metadata rather than pixels. */
const METADATA_ITEM_TYPES = new Set(['Exif', 'mime', 'uri ']);
const META_CHILDREN = new Set(['hdlr', 'pitm', 'iloc', 'iinf', 'iref', 'iprp', 'idat', 'dinf', 'grpl', 'pinf']);
/** An Exif block with an empty first IFD: 4-byte header offset, big-endian TIFF header, 0 entries, no next IFD. */
const EMPTY_EXIF = Buffer.from([0, 0, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]);
const EMPTY_XMP = Buffer.from('<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/><?xpacket end="w"?>', 'latin1');

function fail(message: string): never {
  throw new HeicFormatError(message);
}

/** Bounds-checked big-endian reads within [start, end). */
class Reader {
  constructor(
    private readonly buffer: Buffer,
    public position: number,
    private readonly end: number,
  ) {}

  private need(bytes: number): number {
    const at = this.position;
    if (at + bytes > this.end) fail('HEIC box ends early');
    this.position += bytes;
    return at;
  }

  u8(): number {
    return this.buffer.readUInt8(this.need(1));
  }

  u16(): number {
    return this.buffer.readUInt16BE(this.need(2));
  }

  u32(): number {
    return this.buffer.readUInt32BE(this.need(4));
  }

  uint(size: number): number {
    if (size === 0) return 0;
    if (size === 2) return this.u16();
    if (size === 4) return this.u32();
    if (size === 8) {
      const value = this.buffer.readBigUInt64BE(this.need(8));
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) fail('HEIC offset out of range');
      return Number(value);
    }
    return fail(`HEIC field size ${size} is not supported`);
  }

  fourcc(): string {
    return this.buffer.toString('latin1', this.need(4), this.position);
  }

  /** A NUL-terminated string (the terminator may be missing at the end of the box). */
  string(): string {
    const from = this.position;
    let to = from;
    while (to < this.end && this.buffer[to] !== 0) to += 1;
    this.position = Math.min(to + 1, this.end);
    return this.buffer.toString('utf8', from, to);
  }

  get remaining(): number {
    return this.end - this.position;
  }
}

/** The boxes in [from, to); `strict: false` stops at the first bytes that are not a box (trailing data). */
function readBoxes(buffer: Buffer, from: number, to: number, strict: boolean): { boxes: Box[]; end: number } {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    if (to - at < 8) {
      if (strict) fail('HEIC box header ends early');
      break;
    }
    let size = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    let payload = at + 8;
    if (size === 1) {
      if (to - at < 16) fail('HEIC box header ends early');
      const large = buffer.readBigUInt64BE(at + 8);
      size = large > BigInt(to - at) ? -1 : Number(large);
      payload = at + 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (type === 'uuid') payload += 16;
    if (size < payload - at || at + size > to || !/^[\x20-\x7e]{4}$/.test(type)) {
      if (strict) fail(`HEIC box "${type.replace(/[^\x20-\x7e]/g, '?')}" is malformed`);
      break;
    }
    boxes.push({ type, start: at, payload, end: at + size });
    at += size;
  }
  return { boxes, end: at };
}

function fullBox(buffer: Buffer, box: Box): { version: number; flags: number; reader: Reader } {
  const reader = new Reader(buffer, box.payload, box.end);
  const version = reader.u8();
  const flags = (reader.u8() << 16) | reader.u16();
  return { version, flags, reader };
}

function only(boxes: Box[], type: string, where: string): Box | undefined {
  const found = boxes.filter((box) => box.type === type);
  if (found.length > 1) fail(`HEIC has more than one ${type} box in ${where}`);
  return found[0];
}

function parseItemInfos(buffer: Buffer, iinf: Box): Map<number, ItemInfo> {
  const { version, reader } = fullBox(buffer, iinf);
  const count = version === 0 ? reader.u16() : reader.u32();
  const { boxes } = readBoxes(buffer, reader.position, iinf.end, true);
  if (boxes.length !== count) fail('HEIC item list does not match its count');
  const items = new Map<number, ItemInfo>();
  for (const box of boxes) {
    if (box.type !== 'infe') fail('HEIC item list holds an unknown box');
    const infe = fullBox(buffer, box);
    if (infe.version < 2) {
      // Old-style entries carry no item type: treat the item as metadata.
      const id = infe.reader.u16();
      items.set(id, { type: 'mime' });
      continue;
    }
    const id = infe.version === 2 ? infe.reader.u16() : infe.reader.u32();
    infe.reader.u16(); // item_protection_index
    const type = infe.reader.fourcc();
    infe.reader.string(); // item_name
    const contentType = type === 'mime' ? infe.reader.string() : undefined;
    if (items.has(id)) fail('HEIC declares an item twice');
    items.set(id, { type, contentType });
  }
  return items;
}

function parseLocations(buffer: Buffer, iloc: Box): Map<number, Location> {
  const { version, reader } = fullBox(buffer, iloc);
  if (version > 2) fail('HEIC item locations version is not supported');
  const sizes = reader.u8();
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 15;
  const more = reader.u8();
  const baseOffsetSize = more >> 4;
  const indexSize = version === 0 ? 0 : more & 15;
  const count = version < 2 ? reader.u16() : reader.u32();
  const locations = new Map<number, Location>();
  for (let i = 0; i < count; i += 1) {
    const id = version < 2 ? reader.u16() : reader.u32();
    const method = version === 0 ? 0 : reader.u16() & 15;
    const dataReference = reader.u16();
    const baseOffset = reader.uint(baseOffsetSize);
    const extentCount = reader.u16();
    const extents: Extent[] = [];
    for (let e = 0; e < extentCount; e += 1) {
      if (indexSize > 0) reader.uint(indexSize);
      const offset = baseOffset + reader.uint(offsetSize);
      const length = reader.uint(lengthSize);
      extents.push({ offset, length });
    }
    if (dataReference !== 0) fail('HEIC item data lives in another file');
    if (method > 2) fail('HEIC item construction method is not supported');
    if (locations.has(id)) fail('HEIC locates an item twice');
    locations.set(id, { method, extents });
  }
  return locations;
}

function parseReferences(buffer: Buffer, iref: Box | undefined): Array<{ type: string; from: number; to: number[] }> {
  if (!iref) return [];
  const { version, reader } = fullBox(buffer, iref);
  const { boxes } = readBoxes(buffer, reader.position, iref.end, true);
  return boxes.map((box) => {
    const refs = new Reader(buffer, box.payload, box.end);
    const id = () => (version === 0 ? refs.u16() : refs.u32());
    const from = id();
    const count = refs.u16();
    const to = Array.from({ length: count }, id);
    return { type: box.type, from, to };
  });
}

/** Width and height of the primary item, from its `ispe` property. */
function primarySize(buffer: Buffer, iprp: Box | undefined, primary: number): { width: number; height: number } {
  if (!iprp) fail('HEIC has no item properties');
  const children = readBoxes(buffer, iprp.payload, iprp.end, true).boxes;
  const ipco = only(children, 'ipco', 'iprp') ?? fail('HEIC has no property container');
  const properties = readBoxes(buffer, ipco.payload, ipco.end, true).boxes;
  for (const ipma of children.filter((box) => box.type === 'ipma')) {
    const { version, flags, reader } = fullBox(buffer, ipma);
    const entries = reader.u32();
    for (let i = 0; i < entries; i += 1) {
      const id = version < 1 ? reader.u16() : reader.u32();
      const associations = reader.u8();
      for (let a = 0; a < associations; a += 1) {
        const index = flags & 1 ? reader.u16() & 0x7fff : reader.u8() & 0x7f;
        const property = index > 0 ? properties[index - 1] : undefined;
        if (id === primary && property?.type === 'ispe') {
          const ispe = fullBox(buffer, property).reader;
          const width = ispe.u32();
          const height = ispe.u32();
          if (width > 0 && height > 0) return { width, height };
        }
      }
    }
  }
  return fail('HEIC primary image has no size');
}

/** Fills [offset, offset + length) with zeros, minus the parts that `keep` covers. */
function zeroExcept(out: Buffer, offset: number, end: number, keep: readonly Extent[]): void {
  const inside = keep
    .map((extent) => ({ from: Math.max(offset, extent.offset), to: Math.min(end, extent.offset + extent.length) }))
    .filter((range) => range.from < range.to)
    .sort((a, b) => a.from - b.from);
  let at = offset;
  for (const range of inside) {
    if (range.from > at) out.fill(0, at, range.from);
    at = Math.max(at, range.to);
  }
  if (at < end) out.fill(0, at, end);
}

/** Writes `content` (truncated, zero-padded) across an item's extents, in order. */
function writeAcross(out: Buffer, extents: readonly Extent[], content: Buffer): void {
  let written = 0;
  for (const extent of extents) {
    out.fill(0, extent.offset, extent.offset + extent.length);
    const part = content.subarray(written, written + extent.length);
    part.copy(out, extent.offset);
    written += part.length;
  }
}

/**
 * The cleaned copy of a HEIC photo (see the module comment), with the primary image's size. Throws
 * HeicFormatError when the file is not a HEIC this can clean with certainty.
 */
export function cleanHeic(input: Buffer): CleanedHeic {
  const top = readBoxes(input, 0, input.length, false);
  const [ftyp] = top.boxes;
  if (!ftyp || ftyp.type !== 'ftyp') fail('HEIC must start with a file type box');
  const brands = new Reader(input, ftyp.payload, ftyp.end);
  const major = brands.fourcc();
  brands.u32();
  const compatible = [major];
  while (brands.remaining >= 4) compatible.push(brands.fourcc());
  if (!compatible.some((brand) => HEIF_BRANDS.has(brand))) fail('Not a HEIF file');

  const meta = only(top.boxes, 'meta', 'the file') ?? fail('HEIC has no meta box');
  const metaChildren = readBoxes(input, meta.payload + 4, meta.end, true).boxes;
  const hdlr = only(metaChildren, 'hdlr', 'meta') ?? fail('HEIC has no handler');
  if (input.toString('latin1', hdlr.payload + 8, hdlr.payload + 12) !== 'pict') fail('HEIC handler is not a picture');
  const pitm = only(metaChildren, 'pitm', 'meta') ?? fail('HEIC has no primary item');
  const pitmBox = fullBox(input, pitm);
  const primary = pitmBox.version === 0 ? pitmBox.reader.u16() : pitmBox.reader.u32();
  const items = parseItemInfos(input, only(metaChildren, 'iinf', 'meta') ?? fail('HEIC has no item list'));
  const locations = parseLocations(input, only(metaChildren, 'iloc', 'meta') ?? fail('HEIC has no item locations'));
  const references = parseReferences(input, only(metaChildren, 'iref', 'meta'));
  const idat = only(metaChildren, 'idat', 'meta');

  // The primary image: one HEVC image, or a grid of HEVC tiles.
  const primaryItem = items.get(primary) ?? fail('HEIC primary item is not declared');
  if (primaryItem.type === 'grid') {
    const tiles = references.filter((ref) => ref.type === 'dimg' && ref.from === primary).flatMap((ref) => ref.to);
    if (tiles.length === 0 || tiles.some((tile) => items.get(tile)?.type !== 'hvc1')) fail('HEIC grid tiles are not HEVC images');
  } else if (primaryItem.type !== 'hvc1') {
    fail(`HEIC primary image of type "${primaryItem.type}" is not supported`);
  }
  const { width, height } = primarySize(input, only(metaChildren, 'iprp', 'meta'), primary);

  // Where each item's bytes are, in the file (method 0) or in idat (method 1).
  const fileEnd = top.end;
  const idatStart = idat?.payload ?? 0;
  const imageExtents: Extent[] = [];
  const metadataItems: Array<{ type: string; contentType?: string; extents: Extent[] }> = [];
  for (const [id, location] of locations) {
    const info = items.get(id);
    const isMetadata = !info || METADATA_ITEM_TYPES.has(info.type);
    if (location.method === 2) {
      if (isMetadata) fail('HEIC metadata is built from other items');
      continue;
    }
    if (location.method === 1 && !idat) fail('HEIC item points into a missing idat box');
    const base = location.method === 1 ? idatStart : 0;
    const limit = location.method === 1 ? idat!.end : fileEnd;
    const extents = location.extents.map((extent) => {
      const offset = base + extent.offset;
      const length = extent.length === 0 ? limit - offset : extent.length;
      if (offset < base || offset + length > limit || length < 0) fail('HEIC item data lies outside the file');
      return { offset, length };
    });
    if (isMetadata) metadataItems.push({ type: info?.type ?? 'mime', contentType: info?.contentType, extents });
    else imageExtents.push(...extents);
  }
  const primaryLocation = locations.get(primary);
  if (primaryItem.type === 'hvc1' && (!primaryLocation || primaryLocation.extents.length === 0)) fail('HEIC primary image has no data');

  const out = Buffer.from(input.subarray(0, fileEnd));
  // Every top-level box but ftyp and meta: keep the header (unknown boxes renamed `free`), zero all
  // payload that no image item uses.
  for (const box of top.boxes) {
    if (box.type === 'ftyp' || box.type === 'meta') continue;
    if (box.type !== 'mdat') out.write('free', box.start + 4, 'latin1');
    zeroExcept(out, box.payload, box.end, imageExtents);
  }
  // Inside meta: unknown boxes become `free` and are zeroed; idat keeps only image data.
  for (const child of metaChildren) {
    if (!META_CHILDREN.has(child.type)) {
      out.write('free', child.start + 4, 'latin1');
      out.fill(0, child.payload, child.end);
    }
  }
  if (idat) zeroExcept(out, idat.payload, idat.end, imageExtents);
  // Metadata items: an empty Exif block, an empty XMP packet, or zeros.
  for (const item of metadataItems) {
    const isXmp = item.type === 'mime' && /xml/i.test(item.contentType ?? '');
    writeAcross(out, item.extents, item.type === 'Exif' ? EMPTY_EXIF : isXmp ? EMPTY_XMP : Buffer.alloc(0));
    if (isXmp) {
      const total = item.extents.reduce((sum, extent) => sum + extent.length, 0);
      // Shorter than the packet: spaces instead (an XMP reader skips whitespace).
      if (total < EMPTY_XMP.length) for (const extent of item.extents) out.fill(0x20, extent.offset, extent.offset + extent.length);
    }
  }
  return { buffer: out, width, height };
}
