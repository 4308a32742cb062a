/**
 * Staff write template variables with single braces, `{customerName}` (spec §3). This module checks a
 * staff-written template and turns it into the handlebars source the renderer compiles. A brace may
 * only surround a declared variable name: anything handlebars could read as its own syntax (`{{`,
 * `}}`, escapes, helpers, partials, lookups, triple braces) or that could turn into it (a lone brace,
 * a look-alike brace, an invisible character between braces) is refused, so staff can only insert
 * the variables a template declares.
 */

const VARIABLE = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/**
 * Characters that look like braces: those that Unicode NFKC normalisation turns into `{` or `}`
 * (fullwidth, small and vertical forms) and the ornamental ones that are drawn the same way.
 */
const LOOKALIKE_BRACES = /[\uFF5B\uFF5D\uFE5B\uFE5C\uFE37\uFE38\u2774\u2775\u2983\u2984\u23A7-\u23AD\u169B\u169C]/u;

/** Zero-width characters and text-direction controls: invisible, so what staff see is not what is sent. */
const INVISIBLE = /[\u00AD\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

/** Control characters other than tab and line breaks (PostgreSQL refuses NUL; the others are never meant). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/** Anything that ends a line somewhere: a subject is one header line. */
const LINE_BREAK = /[\r\n\u000B\u000C\u0085\u2028\u2029]/u;

export interface TemplateProblem {
  message: string;
}

export type TemplatePart = 'subject' | 'body';

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Every problem with a staff-written subject or body; empty when it can be saved. */
export function findTemplateProblems(source: string, allowedVariables: readonly string[], part: TemplatePart = 'body'): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (part === 'subject' && LINE_BREAK.test(source)) {
    problems.push({ message: 'The subject must be a single line.' });
  }
  const control = CONTROL.exec(source)?.[0];
  if (control !== undefined) {
    problems.push({ message: `Remove the control character ${codePoint(control)}.` });
  }
  const invisible = INVISIBLE.exec(source)?.[0];
  if (invisible !== undefined) {
    problems.push({ message: `Remove the invisible character ${codePoint(invisible)} (zero-width or text-direction control).` });
  }
  const lookalike = LOOKALIKE_BRACES.exec(source)?.[0];
  if (lookalike !== undefined) {
    problems.push({
      message: `"${lookalike}" (${codePoint(lookalike)}) looks like a brace but is not one: variables use plain braces, for example {customerName}.`,
    });
  }
  const doubled = source.includes('{{') || source.includes('}}');
  if (doubled) {
    problems.push({ message: 'Use single braces for variables, for example {customerName}.' });
  }
  if (/\\\{/.test(source)) {
    problems.push({ message: 'A backslash cannot come directly before "{".' });
  }
  if (!doubled && /[{}]/.test(source.replace(VARIABLE, ''))) {
    problems.push({ message: 'Braces can only surround a variable name, for example {customerName}. Remove any other "{" or "}".' });
  }
  const unknown = new Set<string>();
  for (const match of source.matchAll(VARIABLE)) {
    const name = match[1]!;
    if (!allowedVariables.includes(name)) unknown.add(name);
  }
  for (const name of unknown) {
    problems.push({
      message: `Unknown variable {${name}}. Available variables: ${allowedVariables.map((v) => `{${v}}`).join(', ')}`,
    });
  }
  return problems;
}

/** The variables a template uses, in order of first use. */
export function variablesUsed(source: string): string[] {
  return [...new Set([...source.matchAll(VARIABLE)].map((match) => match[1]!))];
}

/** `{name}` → `{{name}}`; call only on a template without problems. */
export function toHandlebarsSource(source: string): string {
  return source.replace(VARIABLE, '{{$1}}');
}

/** A list separator between two values on a line: ", ", " · ", " - ", " / ", ";"… (with its spaces). */
const SEPARATOR_BEFORE = /(?:\s*[,;·|/–—-]\s*|\s+)$/u;
const SEPARATOR_AFTER = /^(?:\s*[,;·|/–—-]\s*|\s+)/u;

/**
 * The template without the `{variables}` whose value is empty (or only whitespace), each taken out
 * with the separator that joined it to its neighbour, so an optional value left empty leaves no
 * double space, space before punctuation, dangling comma or empty brackets behind: 'Address:
 * {address}, {suburb} {state} {postcode}' with no state or postcode reads 'Address: 12 Station St,
 * Richmond'. A label before it stays ('Organisation: {organisation}' → 'Organisation:').
 */
export function omitBlankVariables(source: string, values: Readonly<Record<string, string>>): string {
  const blank = (name: string) => Object.hasOwn(values, name) && values[name]!.trim() === '';
  return source
    .split('\n')
    .map((line) => {
      let out = line;
      for (;;) {
        const match = [...out.matchAll(VARIABLE)].find((found) => blank(found[1]!));
        if (!match) return out;
        const start = match.index!;
        const end = start + match[0].length;
        let before = out.slice(0, start);
        let after = out.slice(end);
        if (/\(\s*$/.test(before) && /^\s*\)/.test(after)) {
          // '({x})' → nothing, with the space before the bracket.
          before = before.replace(/\s*\(\s*$/, '');
          after = after.replace(/^\s*\)/, '');
        } else {
          const separatorBefore = SEPARATOR_BEFORE.exec(before)?.[0];
          const rest = separatorBefore === undefined ? before : before.slice(0, before.length - separatorBefore.length);
          const separatorAfter = SEPARATOR_AFTER.exec(after)?.[0];
          const afterIsValue = separatorAfter !== undefined && after.length > separatorAfter.length;
          if (separatorBefore !== undefined && rest.trim() !== '' && !(/:\s*$/.test(before) && afterIsValue && /[,;·|/–—-]/u.test(separatorAfter!))) {
            // Joined to the value before it ('{suburb} {state}', '{name}, {company}', 'Hi {name},').
            before = rest;
          } else if (separatorAfter !== undefined && afterIsValue) {
            // First on its line or after a label ('Address: {address}, {suburb}'): take the separator after it.
            after = after.slice(separatorAfter.length);
          } else {
            before = before.replace(/[ \t]+$/, '');
          }
        }
        out = before + after;
      }
    })
    .join('\n');
}
