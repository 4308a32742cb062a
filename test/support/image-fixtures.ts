import sharp from 'sharp';

/**
 * Images made in the test, with the metadata a phone writes: EXIF with a GPS position (Melbourne),
 * camera make and model, and an XMP packet repeating the position. JPEG, PNG and WebP come from sharp;
 * HEIC is assembled box by box (sharp's prebuilt libvips cannot encode HEVC), with a stand-in HEVC
 * payload that libheif parses but nobody here can decode.
 */

export const GPS_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="37,48.8S" exif:GPSLongitude="144,57.8E"/></rdf:RDF></x:xmpmeta>';

const GPS_EXIF = {
  IFD0: { Make: 'Acme', Model: 'Phone 15', Software: 'Camera 1.0' },
  IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '37/1 48/1 48/1', GPSLongitudeRef: 'E', GPSLongitude: '144/1 57/1 48/1' },
};

export type RasterFormat = 'jpeg' | 'png' | 'webp';

/** A photo of `width`×`height` with GPS in EXIF and XMP; `orientation` sets the EXIF orientation tag. */
export async function photoWithGps(format: RasterFormat, options: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const { width = 64, height = 48 } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .withExif(GPS_EXIF)
    .withXmp(GPS_XMP);
  if (options.orientation) image = sharp(await image.toFormat(format).toBuffer()).withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

/** A plain image without metadata. */
export function plainPhoto(format: RasterFormat, width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * The GPS tags in an EXIF block (as sharp's metadata() returns it: with or without the "Exif\0\0"
 * prefix): the tag numbers of the GPS IFD, empty when there is no GPS IFD.
 */
export function gpsTags(exif: Buffer | undefined): number[] {
  if (!exif || exif.length < 8) return [];
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  if (!little && tiff.toString('latin1', 0, 2) !== 'MM') return [];
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd: number) =>
    ifd + 2 <= tiff.length ? Array.from({ length: u16(ifd) }, (_, i) => ifd + 2 + i * 12).filter((at) => at + 12 <= tiff.length) : [];
  const gpsPointer = entries(u32(4)).find((at) => u16(at) === 0x8825);
  if (gpsPointer === undefined) return [];
  return entries(u32(gpsPointer + 8)).map((at) => u16(at));
}

/** A big-endian TIFF block with IFD0 → GPS IFD holding GPSLatitudeRef "S" and GPSLongitudeRef "E". */
export function tiffWithGps(): Buffer {
  const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
  const header = Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1');
  const ifd0 = Buffer.concat([u16(1), u16(0x8825), u16(4), u32(1), u32(8 + 18), u32(0)]);
  const gps = Buffer.concat([
    u16(2),
    u16(1),
    u16(2),
    u32(2),
    Buffer.from('S\0\0\0', 'latin1'),
    u16(3),
    u16(2),
    u32(2),
    Buffer.from('E\0\0\0', 'latin1'),
    u32(0),
  ]);
  return Buffer.concat([header, ifd0, gps]);
}

// --- HEIC, box by box (ISO/IEC 14496-12 and 23008-12) ---

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => Buffer.from([n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
const text = (value: string) => Buffer.from(value, 'latin1');
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), text(type), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u8(version), Buffer.from([(flags >> 16) & 255, (flags >> 8) & 255, flags & 255]), ...parts);

/** The stand-in HEVC payload of the primary image (kept byte for byte by the cleaner). */
export const HEVC_PAYLOAD = Buffer.alloc(96, 0x5a);

export interface HeicOptions {
  width?: number;
  height?: number;
  /** EXIF item (TIFF block; the 4-byte header offset is added). */
  exif?: Buffer;
  /** XMP item (application/rdf+xml). */
  xmp?: string;
  /** Bytes inside mdat that no item points at. */
  mdatJunk?: Buffer;
  /** Bytes after the last box. */
  trailing?: Buffer;
  /** A top-level box of another type, before mdat. */
  extraBox?: { type: string; content: Buffer };
  /** The primary item's type (hvc1 unless told). */
  primaryType?: string;
}

/** A HEIC file: ftyp, meta (hdlr, pitm, iloc, iinf, iref, iprp with hvcC and ispe), mdat. */
export function buildHeic(options: HeicOptions = {}): Buffer {
  const { width = 64, height = 48 } = options;
  const exif = options.exif ? Buffer.concat([u32(0), options.exif]) : undefined;
  const xmp = options.xmp !== undefined ? text(options.xmp) : undefined;
  const junk = options.mdatJunk ?? Buffer.alloc(0);
  const items: Array<{ id: number; type: string; data: Buffer; contentType?: string }> = [{ id: 1, type: options.primaryType ?? 'hvc1', data: HEVC_PAYLOAD }];
  if (exif) items.push({ id: 2, type: 'Exif', data: exif });
  if (xmp) items.push({ id: 3, type: 'mime', data: xmp, contentType: 'application/rdf+xml' });

  const build = (mdatStart: number) => {
    const ftyp = box('ftyp', text('heic'), u32(0), text('mif1heic'));
    const hdlr = fullBox('hdlr', 0, 0, u32(0), text('pict'), Buffer.alloc(12), u8(0));
    const pitm = fullBox('pitm', 0, 0, u16(1));
    let at = mdatStart + 8 + junk.length;
    const locations = items.map((item) => {
      const entry = Buffer.concat([u16(item.id), u16(0), u16(0), u16(1), u32(at), u32(item.data.length)]);
      at += item.data.length;
      return entry;
    });
    const iloc = fullBox('iloc', 1, 0, Buffer.from([0x44, 0x00]), u16(items.length), ...locations);
    const infes = items.map((item) =>
      fullBox('infe', 2, 0, u16(item.id), u16(0), text(item.type), u8(0), ...(item.contentType ? [text(item.contentType), u8(0)] : [])),
    );
    const iinf = fullBox('iinf', 0, 0, u16(items.length), ...infes);
    const described = items.filter((item) => item.id !== 1).map((item) => box('cdsc', u16(item.id), u16(1), u16(1)));
    const iref = described.length > 0 ? [fullBox('iref', 0, 0, ...described)] : [];
    const hvcC = box('hvcC', Buffer.from([1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 0x5d, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0]));
    const ispe = fullBox('ispe', 0, 0, u32(width), u32(height));
    const iprp = box('iprp', box('ipco', hvcC, ispe), fullBox('ipma', 0, 0, u32(1), u16(1), u8(2), u8(0x81), u8(2)));
    const meta = fullBox('meta', 0, 0, hdlr, pitm, iloc, iinf, ...iref, iprp);
    const extra = options.extraBox ? box(options.extraBox.type, options.extraBox.content) : Buffer.alloc(0);
    return Buffer.concat([ftyp, meta, extra]);
  };
  const head = build(build(0).length);
  const mdat = box('mdat', junk, ...items.map((item) => item.data));
  return Buffer.concat([head, mdat, options.trailing ?? Buffer.alloc(0)]);
}
