/**
 * Staff write template variables with single braces, `{customerName}` (spec §3). This module checks a
 * staff-written template and turns it into the handlebars source the renderer compiles. Anything that
 * handlebars would treat as its own syntax (`{{`, `}}`, escapes) is refused, so staff can only insert
 * the variables a template declares: no helpers, partials, lookups or triple braces.
 */

const VARIABLE = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

export interface TemplateProblem {
  message: string;
}

/** Every problem with a staff-written subject or body; empty when it can be saved. */
export function findTemplateProblems(source: string, allowedVariables: readonly string[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (source.includes('{{') || source.includes('}}')) {
    problems.push({ message: 'Use single braces for variables, for example {customerName}.' });
  }
  if (/\\\{/.test(source)) {
    problems.push({ message: 'A backslash cannot come directly before "{".' });
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
