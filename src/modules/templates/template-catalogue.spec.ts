import { SAMPLE_ORIGIN, sampleValues, TEMPLATE_CATALOGUE, TEMPLATE_KEYS } from './template-catalogue.js';
import { renderEmail } from './template-renderer.js';

/** Spaces a reader would notice: doubled inside a line, before punctuation, at a line's end, empty brackets. */
function strayTypography(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (/\S {2,}\S/.test(line)) found.push(`line ${index + 1} has a double space: ${JSON.stringify(line)}`);
    if (/ [,.;:!?)]/.test(line)) found.push(`line ${index + 1} has a space before punctuation: ${JSON.stringify(line)}`);
    if (/[ \t]$/.test(line)) found.push(`line ${index + 1} ends with a space: ${JSON.stringify(line)}`);
    if (/\(\s*\)|,\s*,/.test(line)) found.push(`line ${index + 1} has an empty part: ${JSON.stringify(line)}`);
  });
  return found;
}

/** Every template with its sample values, each variable in turn left empty, then all of them. */
const cases = TEMPLATE_KEYS.flatMap((key) => {
  const definition = TEMPLATE_CATALOGUE[key];
  const sample = sampleValues(definition, 'https://www.example.net');
  return [
    [key, '(none)', sample] as const,
    ...definition.variables.map((name) => [key, name, { ...sample, [name]: '' }] as const),
    [key, '(all)', Object.fromEntries(definition.variables.map((name) => [name, ''])) as Record<string, string>] as const,
  ];
});

describe('every template, every value left empty', () => {
  it.each(cases)('%s with %s empty reads without stray spaces', (key, _empty, variables) => {
    const definition = TEMPLATE_CATALOGUE[key];
    const email = renderEmail({ subject: definition.subject, body: definition.body, variables, linkVariables: definition.linkVariables });
    expect(strayTypography(email.subject)).toEqual([]);
    expect(strayTypography(email.text)).toEqual([]);
  });
});

describe('sample values', () => {
  it.each(TEMPLATE_KEYS)('%s: every sample link points at PUBLIC_BASE_URL', (key) => {
    const values = Object.values(sampleValues(TEMPLATE_CATALOGUE[key], 'http://localhost:3100/'));
    for (const value of values) expect(value.startsWith(SAMPLE_ORIGIN)).toBe(false);
    // Add-to-calendar links go to the calendar services themselves.
    const ownLinks = values.filter((value) => /^https?:/.test(value) && !/^https:\/\/(calendar\.google\.com|outlook\.live\.com)\//.test(value));
    for (const link of ownLinks) expect(link).toMatch(/^http:\/\/localhost:3100\/[a-z]/);
  });
});
