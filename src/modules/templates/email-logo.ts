import sharp from 'sharp';
import { COMPANY } from '@relining/contracts/business';
import { EMAIL_LOGO_SIZE, EMAIL_LOGO_SVG } from './email-logo-svg.js';

/**
 * The logo at the top of every e-mail. Mail clients block SVG and most load no remote image until
 * the reader allows it, so it travels inside the message: a PNG attachment referred to by Content-ID
 * (`cid:`), rendered once per process from the SVG source. The stored copy of a message keeps the
 * `cid:` reference (what was sent); a copy shown in the console gets the PNG as a data: URI instead.
 */
export const EMAIL_LOGO = {
  cid: 'logo@pipereliningaustralia.com.au',
  filename: 'logo.png',
  alt: COMPANY.name,
  ...EMAIL_LOGO_SIZE,
} as const;

const CID_URL = `cid:${EMAIL_LOGO.cid}`;

let png: Promise<Buffer> | undefined;

/**
 * The PNG, at twice its CSS size for sharp screens, on white rather than transparent: a dark-mode
 * client that shows a transparent image on black would hide the dark wordmark.
 */
export function emailLogoPng(): Promise<Buffer> {
  png ??= sharp(Buffer.from(EMAIL_LOGO_SVG), { density: 72 * 2 })
    .flatten({ background: '#ffffff' })
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer()
    .catch((error: unknown) => {
      png = undefined; // a failure (never seen) is not remembered: the next message tries again
      throw error;
    });
  return png;
}

/** True when an HTML part shows the logo (a message without it needs no attachment). */
export function usesEmailLogo(html: string): boolean {
  return html.includes(CID_URL);
}

/** The inline attachments an HTML part refers to, for nodemailer. */
export async function inlineImagesFor(html: string): Promise<InlineImage[]> {
  if (!usesEmailLogo(html)) return [];
  return [{ cid: EMAIL_LOGO.cid, filename: EMAIL_LOGO.filename, content: await emailLogoPng(), contentType: 'image/png' }];
}

export interface InlineImage {
  cid: string;
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * The HTML with the logo as a data: URI instead of its `cid:` reference: how a browser shows a
 * stored message or a preview (the console's sandboxed frame, a test's Chromium), with no attachment.
 */
export async function withEmailLogoInline(html: string): Promise<string> {
  if (!usesEmailLogo(html)) return html;
  const dataUri = `data:image/png;base64,${(await emailLogoPng()).toString('base64')}`;
  return html.split(CID_URL).join(dataUri);
}
