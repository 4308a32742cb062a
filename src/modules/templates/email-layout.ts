import { COMPANY } from '@relining/contracts/business';
import { formatAbn, type CompanyProfile } from '@relining/contracts/site-content';
import { escapeHtml } from '../../common/http/html.js';
import { EMAIL_LOGO } from './email-logo.js';

/**
 * The one frame every e-mail is sent in (issue 14): the logo, a heading, the call-to-action button
 * near the top, the message, and a footer with the company's details from its profile. Our own
 * markup (trusted, never staff-edited); every value in it is escaped here. Inline styles and
 * `role="presentation"` tables because most mail clients ignore style sheets and real layout; the
 * `<style>` block only tightens the padding on phones where a client honours it.
 */

/**
 * The colours, each text colour chosen for at least 4.5:1 against its background (WCAG 2.2 AA for
 * body text; email-layout.spec.ts computes the ratios). The site's bright orange (#f97316) gives
 * white text only 2.8:1, so the button uses the site's darker orange (#c2410c, 5.2:1).
 */
export const EMAIL_COLOURS = {
  page: '#f1f5f9',
  card: '#ffffff',
  text: '#1e293b',
  heading: '#0b3b66',
  link: '#0b3b66',
  button: '#c2410c',
  buttonText: '#ffffff',
  footer: '#f8fafc',
  footerText: '#475569',
  accent: '#c2410c',
} as const;

/** Each text colour and the background it is read on, with the contrast it needs (WCAG AA, normal-size text). */
export const EMAIL_COLOUR_PAIRS: ReadonlyArray<{ name: string; foreground: string; background: string; minimum: number }> = [
  { name: 'body text', foreground: EMAIL_COLOURS.text, background: EMAIL_COLOURS.card, minimum: 4.5 },
  { name: 'heading', foreground: EMAIL_COLOURS.heading, background: EMAIL_COLOURS.card, minimum: 4.5 },
  { name: 'links', foreground: EMAIL_COLOURS.link, background: EMAIL_COLOURS.card, minimum: 4.5 },
  { name: 'button label', foreground: EMAIL_COLOURS.buttonText, background: EMAIL_COLOURS.button, minimum: 4.5 },
  { name: 'footer text and links', foreground: EMAIL_COLOURS.footerText, background: EMAIL_COLOURS.footer, minimum: 4.5 },
];

const FONT = "Arial,'Helvetica Neue',Helvetica,sans-serif";
/** Long words and URLs wrap instead of widening the message past a phone's screen. */
const WRAP = 'overflow-wrap:anywhere;word-wrap:break-word;word-break:break-word;';

export interface EmailButton {
  label: string;
  url: string;
}

/** One line of the footer: pieces of text, each a link or not; `whole` keeps a number on one line ('ABN 51 824 753 556'). */
type FooterLine = ReadonlyArray<{ text: string; href?: string; whole?: boolean }>;

/**
 * What a marketing e-mail adds to the footer (Spam Act 2003: the sender's identity and a functional
 * unsubscribe): the website beside the details the footer already prints, and the unsubscribe link.
 * A transactional e-mail has none.
 */
export interface MarketingFooter {
  /** The company's website (PUBLIC_BASE_URL). */
  website: string;
  /** The address's own unsubscribe page (`/unsubscribe/{token}`). */
  unsubscribeUrl: string;
}

/** The words before the unsubscribe link, in both parts. */
export const UNSUBSCRIBE_LINE_LABEL = 'Unsubscribe: ';

/**
 * The footer's lines: the trading name, the legal name and ABN, phone and e-mail, the licences per
 * state and the service hours from the company profile (a field left empty is not printed), and the
 * service area; for a marketing e-mail, then the website and the unsubscribe link.
 */
export function footerLines(profile: CompanyProfile, marketing?: MarketingFooter): FooterLine[] {
  const lines: FooterLine[] = [[{ text: COMPANY.name }]];
  const legal = [
    ...(profile.legalName.trim() ? [{ text: profile.legalName.trim() }] : []),
    ...(profile.abn.trim() ? [{ text: `ABN ${formatAbn(profile.abn)}`, whole: true }] : []),
  ];
  if (legal.length > 0) lines.push(separated(legal));
  lines.push(
    separated([
      { text: COMPANY.phone, href: COMPANY.phoneHref, whole: true },
      { text: COMPANY.email, href: `mailto:${COMPANY.email}` },
    ]),
  );
  const licences = profile.licences.filter((licence) => licence.number.trim() !== '');
  if (licences.length > 0) {
    const label = licences.length === 1 ? 'Plumbing licence' : 'Plumbing licences';
    lines.push([{ text: `${label}: ` }, ...separated(licences.map((licence) => ({ text: `${licence.state} ${licence.number.trim()}`, whole: true })))]);
  }
  if (profile.serviceHours.trim()) lines.push([{ text: `Service hours: ${profile.serviceHours.trim()}` }]);
  lines.push([{ text: COMPANY.serviceArea }]);
  if (marketing) {
    lines.push([{ text: 'Website: ' }, { text: marketing.website, href: marketing.website }]);
    lines.push([
      { text: 'You are receiving this because you are a customer of ours. ' },
      { text: UNSUBSCRIBE_LINE_LABEL },
      { text: marketing.unsubscribeUrl, href: marketing.unsubscribeUrl },
    ]);
  }
  return lines;
}

function separated(pieces: ReadonlyArray<{ text: string; href?: string; whole?: boolean }>): FooterLine {
  return pieces.flatMap((piece, index) => (index === 0 ? [piece] : [{ text: ' · ' }, piece]));
}

export interface EmailFrame {
  subject: string;
  /** The inbox's preview line (hidden in the message itself). */
  preheader: string;
  /** The paragraphs above the button and below it, as HTML (already escaped by the renderer). */
  lead: readonly string[];
  rest: readonly string[];
  button?: EmailButton;
  profile: CompanyProfile;
  /** A marketing e-mail's website and unsubscribe link (none for a transactional one). */
  marketing?: MarketingFooter;
}

const paragraph = (html: string): string => `<p style="margin:0 0 16px;">${html}</p>`;

/**
 * A bulletproof button: the colour is on the table cell and on the link (a client that drops one
 * keeps the other), the link itself is padded so all of it is clickable, and it is text, so it shows
 * with images off.
 */
function buttonHtml(button: EmailButton): string {
  const url = escapeHtml(button.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 24px;border-collapse:separate;">
<tr><td align="center" bgcolor="${EMAIL_COLOURS.button}" style="border-radius:6px;background:${EMAIL_COLOURS.button};">
<a class="cta" href="${url}" target="_blank" style="display:inline-block;padding:14px 28px;border:1px solid ${EMAIL_COLOURS.button};border-radius:6px;background:${EMAIL_COLOURS.button};color:${EMAIL_COLOURS.buttonText};font-family:${FONT};font-size:17px;font-weight:bold;line-height:22px;text-decoration:none;${WRAP}">${escapeHtml(button.label)}</a>
</td></tr>
</table>`;
}

function footerHtml(profile: CompanyProfile, marketing?: MarketingFooter): string {
  return footerLines(profile, marketing)
    .map((line, index) => {
      const pieces = line
        .map((piece) => {
          const text = piece.href
            ? `<a href="${escapeHtml(piece.href)}" style="color:${EMAIL_COLOURS.footerText};text-decoration:underline;">${escapeHtml(piece.text)}</a>`
            : escapeHtml(piece.text);
          return piece.whole ? `<span style="white-space:nowrap;">${text}</span>` : text;
        })
        .join('');
      return index === 0 ? `<strong>${pieces}</strong>` : pieces;
    })
    .join('<br>\n');
}

/** The HTML part: the frame around the paragraphs. */
export function layoutHtml(frame: EmailFrame): string {
  const c = EMAIL_COLOURS;
  const body = [...frame.lead.map(paragraph), frame.button ? buttonHtml(frame.button) : '', ...frame.rest.map(paragraph)].filter(Boolean).join('\n');
  return `<!DOCTYPE html>
<html lang="en-AU" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(frame.subject)}</title>
<style>
@media (max-width: 480px) {
  .outer { padding: 12px 8px !important; }
  .inner { padding: 20px 16px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;width:100%;background:${c.page};-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;font-size:1px;line-height:1px;color:${c.page};mso-hide:all;">${escapeHtml(frame.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:${c.page};">
<tr><td class="outer" align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:${c.card};border-radius:8px;font-family:${FONT};color:${c.text};">
<tr><td class="inner" style="padding:20px 28px;border-bottom:4px solid ${c.accent};">
<img src="cid:${EMAIL_LOGO.cid}" width="${EMAIL_LOGO.width}" height="${EMAIL_LOGO.height}" alt="${escapeHtml(EMAIL_LOGO.alt)}" style="display:block;width:${EMAIL_LOGO.width}px;max-width:100%;height:auto;border:0;outline:none;text-decoration:none;font-family:${FONT};font-size:20px;font-weight:bold;color:${c.heading};">
</td></tr>
<tr><td class="inner" style="padding:28px;font-size:16px;line-height:1.6;${WRAP}">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${c.heading};">${escapeHtml(frame.subject)}</h1>
${body}
</td></tr>
<tr><td class="inner" style="padding:20px 28px;background:${c.footer};border-radius:0 0 8px 8px;color:${c.footerText};font-size:13px;line-height:1.6;${WRAP}">
${footerHtml(frame.profile, frame.marketing)}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;
}

/** The text part: the company name at the top, the paragraphs, the button as 'Label: URL', the footer. */
export function layoutText(frame: {
  lead: readonly string[];
  rest: readonly string[];
  button?: EmailButton;
  profile: CompanyProfile;
  marketing?: MarketingFooter;
}): string {
  const button = frame.button ? [`${frame.button.label}: ${frame.button.url}`] : [];
  const footer = footerLines(frame.profile, frame.marketing).map((line) => line.map((piece) => piece.text).join(''));
  return [COMPANY.name, ...frame.lead, ...button, ...frame.rest, `----\n${footer.join('\n')}`].join('\n\n');
}
