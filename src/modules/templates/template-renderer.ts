import Handlebars from 'handlebars';
import { COMPANY } from '../../contracts/company.js';
import { EMAIL_LAYOUT } from './email-layout.js';
import { toHandlebarsSource } from './template-syntax.js';

export interface EmailButton {
  label: string;
  url: string;
}

export interface RenderInput {
  /** Staff-written subject and body, with `{variable}` placeholders (already checked on save). */
  subject: string;
  body: string;
  variables: Readonly<Record<string, string>>;
  /** Variables whose value is a URL, shown as a link in the HTML part. */
  linkVariables?: readonly string[];
  button?: EmailButton;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * An isolated handlebars environment: no helpers or partials registered by anyone else, and templates
 * compiled with `knownHelpersOnly` so that a template can only read the variables it is given.
 */
const handlebars = Handlebars.create();
const COMPILE_OPTIONS = {
  strict: true,
  knownHelpersOnly: true,
  knownHelpers: { helperMissing: false, blockHelperMissing: false, each: false, with: false, lookup: false, log: false },
} as const;

const cache = new Map<string, Handlebars.TemplateDelegate>();
const CACHE_LIMIT = 500;

function compile(source: string, escape: boolean): Handlebars.TemplateDelegate {
  const key = `${escape ? 'h' : 't'}:${source}`;
  let template = cache.get(key);
  if (!template) {
    template = handlebars.compile(source, { ...COMPILE_OPTIONS, noEscape: !escape });
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, template);
  }
  return template;
}

const layout = handlebars.compile(EMAIL_LAYOUT, { strict: false, knownHelpers: { if: true }, knownHelpersOnly: true });

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Line breaks and other control characters in a header could add headers of their own. */
function singleLine(value: string): string {
  return value.replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, ' ').trim();
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Renders a staff-edited template with the values of one message. Missing variables throw (strict
 * mode); every value is escaped in the HTML part, so nothing a customer typed can add markup.
 */
export function renderEmail(input: RenderInput): RenderedEmail {
  const subjectValues = Object.fromEntries(Object.entries(input.variables).map(([k, v]) => [k, singleLine(v)]));
  const subject = singleLine(compile(toHandlebarsSource(input.subject), false)(subjectValues));
  const text = compile(toHandlebarsSource(input.body), false)(input.variables).trim();

  const htmlValues: Record<string, string | Handlebars.SafeString> = { ...input.variables };
  for (const name of input.linkVariables ?? []) {
    const url = input.variables[name];
    if (url !== undefined && isHttpUrl(url)) {
      htmlValues[name] = new handlebars.SafeString(`<a href="${escapeHtml(url)}" style="color:#0b3b66;">${escapeHtml(url)}</a>`);
    }
  }
  // The staff text is plain text: escape it, then let handlebars escape each value it inserts.
  const bodyHtml = compile(toHandlebarsSource(escapeHtml(input.body)), true)(htmlValues).trim();
  const content = bodyHtml
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px;">${paragraph.replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
  const button = input.button && isHttpUrl(input.button.url) ? input.button : undefined;
  const html = layout({
    subject,
    content,
    button,
    brandName: COMPANY.name,
    brandPhone: COMPANY.phone,
    brandEmail: COMPANY.email,
    serviceArea: COMPANY.serviceArea,
  });
  const textWithButton = button ? `${text}\n\n${button.label}: ${button.url}` : text;
  return { subject, text: textWithButton, html };
}
