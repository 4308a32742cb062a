import Handlebars from 'handlebars';
import { escapeHtml } from '../../common/http/html.js';
import { DEFAULT_COMPANY_PROFILE, type CompanyProfile } from '@relining/contracts/site-content';
import { EMAIL_COLOURS, layoutHtml, layoutText, type EmailButton, type MarketingFooter } from './email-layout.js';
import { findTemplateProblems, omitBlankVariables, toHandlebarsSource, variablesUsed, type TemplatePart } from './template-syntax.js';

export type { EmailButton, MarketingFooter };

export interface RenderInput {
  /** Staff-written subject and body, with `{variable}` placeholders (already checked on save). */
  subject: string;
  body: string;
  variables: Readonly<Record<string, string>>;
  /** Variables whose value is a URL, shown as a link in the HTML part. */
  linkVariables?: readonly string[];
  button?: EmailButton;
  /** The company's details for the footer (SettingsService.companyProfile); empty fields are not printed. */
  profile?: CompanyProfile;
  /** A marketing e-mail's website and unsubscribe link for the footer. */
  marketing?: MarketingFooter;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Staff templates compile in an environment of their own with every helper, partial and decorator
 * removed, in strict mode with `knownHelpersOnly` and no helper known: a template can only read the
 * variables it is given. Sources are checked again before compiling (`findTemplateProblems`), so a
 * template that reached the database without the save checks is refused rather than run.
 */
const staffHandlebars = Handlebars.create();
for (const name of Object.keys(staffHandlebars.helpers)) staffHandlebars.unregisterHelper(name);
for (const name of Object.keys(staffHandlebars.partials)) staffHandlebars.unregisterPartial(name);
for (const name of Object.keys(staffHandlebars.decorators)) staffHandlebars.unregisterDecorator(name);

const NO_KNOWN_HELPERS = {
  helperMissing: false,
  blockHelperMissing: false,
  each: false,
  if: false,
  unless: false,
  with: false,
  lookup: false,
  log: false,
} as const;
export const STAFF_COMPILE_OPTIONS = { strict: true, knownHelpersOnly: true, knownHelpers: NO_KNOWN_HELPERS, preventIndent: true } as const;
/** Handlebars' defaults, spelled out: nothing a value inherits from its prototype is ever read. */
export const STAFF_RUNTIME_OPTIONS = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
  allowedProtoProperties: {},
  allowedProtoMethods: {},
} as const;

const cache = new Map<string, Handlebars.TemplateDelegate>();
const CACHE_LIMIT = 500;

/**
 * Compiles handlebars source made by `toHandlebarsSource` in the locked-down environment. Exported
 * for the tests that prove a hostile source cannot run even here.
 */
export function compileStaffSource(source: string, escape: boolean): (values: Readonly<Record<string, unknown>>) => string {
  const key = `${escape ? 'h' : 't'}:${source}`;
  let template = cache.get(key);
  if (!template) {
    template = staffHandlebars.compile(source, { ...STAFF_COMPILE_OPTIONS, noEscape: !escape });
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, template);
  }
  const compiled = template;
  // Values go in an object without a prototype: `constructor`, `__proto__`, `toString` are not there to find.
  return (values) => compiled(Object.assign(Object.create(null) as object, values), STAFF_RUNTIME_OPTIONS);
}

/** A stored template that is not safe to render (it did not pass the save checks). */
export class TemplateRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRenderError';
  }
}

/**
 * The handlebars source of a staff-written part, or a TemplateRenderError when it holds anything but
 * declared variables. (Line breaks in a subject are not refused here: `singleLine` folds them.)
 */
/** Sources that passed the checks, by part, variables and source: the same few templates render all day. */
const checked = new Map<string, string>();

function checkedSource(source: string, part: TemplatePart, variableNames: readonly string[]): string {
  const key = `${part}\u0000${variableNames.join(',')}\u0000${source}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  const problems = findTemplateProblems(source, variableNames);
  if (problems.length > 0) {
    throw new TemplateRenderError(`The template ${part} cannot be rendered: ${problems.map((problem) => problem.message).join(' ')}`);
  }
  const handlebarsSource = toHandlebarsSource(source);
  if (checked.size >= CACHE_LIMIT) checked.delete(checked.keys().next().value!);
  checked.set(key, handlebarsSource);
  return handlebarsSource;
}

export { escapeHtml };

/** Line breaks and other control characters in a header could add headers of their own. */
export function singleLine(value: string): string {
  return value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').trim();
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The compiled parts of a template for one shape of values: which variables are given, which are blank. */
interface Variant {
  /** The variables the subject uses (the only values it needs folded onto one line). */
  subjectNames: readonly string[];
  subject: (values: Readonly<Record<string, unknown>>) => string;
  text: (values: Readonly<Record<string, unknown>>) => string;
  html: (values: Readonly<Record<string, unknown>>) => string;
}

/** More shapes than this for one template (never seen: a few optional values each) are compiled each time. */
const VARIANT_LIMIT = 64;

/**
 * A staff-edited template made ready once and rendered many times: the checks, the omission of blank
 * variables and the compiling depend only on the template and on which values are given and blank,
 * so they are done once per such shape and reused, and each message only fills in its values.
 * Rendering is exactly `renderEmail`'s (which uses it).
 */
export class PreparedTemplate {
  private readonly variants = new Map<string, Variant>();

  constructor(
    readonly subject: string,
    readonly body: string,
    readonly linkVariables: readonly string[] = [],
  ) {}

  render(
    variables: Readonly<Record<string, string>>,
    button?: EmailButton,
    profile: CompanyProfile = DEFAULT_COMPANY_PROFILE,
    marketing?: MarketingFooter,
  ): RenderedEmail {
    const variant = this.variant(variables);
    const subjectValues = Object.fromEntries(variant.subjectNames.map((name) => [name, singleLine(variables[name]!)]));
    const subject = singleLine(variant.subject(subjectValues));
    const textParagraphs = paragraphs(variant.text(variables));

    const htmlValues: Record<string, string | Handlebars.SafeString> = { ...variables };
    for (const name of this.linkVariables) {
      const url = variables[name];
      if (url !== undefined && isHttpUrl(url)) {
        htmlValues[name] = new Handlebars.SafeString(`<a href="${escapeHtml(url)}" style="color:${EMAIL_COLOURS.link};">${escapeHtml(url)}</a>`);
      }
    }
    const htmlParagraphs = paragraphs(variant.html(htmlValues)).map((paragraph) => paragraph.replace(/\n/g, '<br>\n'));
    // Both parts split alike (a value's blank line splits both); the button goes after the same paragraph in each.
    const lead = leadCount(textParagraphs);
    const shownButton = button && isHttpUrl(button.url) ? button : undefined;
    const html = layoutHtml({
      subject,
      preheader: preheaderOf(textParagraphs),
      lead: htmlParagraphs.slice(0, lead),
      rest: htmlParagraphs.slice(lead),
      button: shownButton,
      profile,
      marketing,
    });
    const text = layoutText({ lead: textParagraphs.slice(0, lead), rest: textParagraphs.slice(lead), button: shownButton, profile, marketing });
    return { subject, text, html };
  }

  private variant(variables: Readonly<Record<string, string>>): Variant {
    let shape = '';
    for (const name of Object.keys(variables)) {
      const value: unknown = variables[name];
      shape += `${name}${typeof value === 'string' && value.trim() === '' ? '\u0000' : '\u0001'}`;
    }
    const known = this.variants.get(shape);
    if (known) return known;
    const names = Object.keys(variables);
    // An optional value left empty goes with the separator that joined it: no stray spaces or commas.
    const subjectSource = checkedSource(omitBlankVariables(this.subject, variables), 'subject', names);
    const bodySource = checkedSource(omitBlankVariables(this.body, variables), 'body', names);
    const variant: Variant = {
      subjectNames: variablesUsed(omitBlankVariables(this.subject, variables)),
      subject: compileStaffSource(subjectSource, false),
      text: compileStaffSource(bodySource, false),
      // The staff text is plain text: escape it, then let handlebars escape each value it inserts.
      html: compileStaffSource(escapeHtml(bodySource), true),
    };
    if (this.variants.size < VARIANT_LIMIT) this.variants.set(shape, variant);
    return variant;
  }
}

function paragraphs(body: string): string[] {
  return body
    .trim()
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '');
}

/** 'Hi Alex,' or 'Hello,': a short first line that only greets. */
const isGreeting = (paragraph: string | undefined): boolean =>
  paragraph !== undefined && !paragraph.includes('\n') && paragraph.length <= 60 && /[,!]$/.test(paragraph);

/** A first paragraph longer than this would push the button below a phone's first screen: it goes above it. */
const LEAD_LIMIT = 400;

/**
 * How many paragraphs come before the button: the greeting and the first paragraph after it (what
 * the e-mail is about), so the action is seen without scrolling on a phone (375×667); only the
 * greeting when that paragraph is long.
 */
export function leadCount(paragraphs: readonly string[]): number {
  const greeting = isGreeting(paragraphs[0]) ? 1 : 0;
  const first = paragraphs[greeting];
  return first !== undefined && first.length <= LEAD_LIMIT ? greeting + 1 : greeting;
}

/** The inbox's preview line: what the e-mail is about (the first paragraph after the greeting), on one line. */
function preheaderOf(paragraphs: readonly string[]): string {
  const first = paragraphs[isGreeting(paragraphs[0]) ? 1 : 0] ?? '';
  const line = first.replace(/\s+/g, ' ').trim();
  return line.length <= 140 ? line : `${line.slice(0, 139).trimEnd()}…`;
}

/**
 * Renders a staff-edited template with the values of one message. Missing variables throw (strict
 * mode); every value is escaped in the HTML part, so nothing a customer typed can add markup.
 */
export function renderEmail(input: RenderInput): RenderedEmail {
  return new PreparedTemplate(input.subject, input.body, input.linkVariables).render(input.variables, input.button, input.profile, input.marketing);
}
