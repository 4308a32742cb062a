import { TEMPLATE_CATALOGUE } from './template-catalogue.js';
import { findTemplateProblems, omitBlankVariables, toHandlebarsSource, variablesUsed } from './template-syntax.js';

const allowed = ['customerName', 'jobId', 'trackingLink'];
const STRAY = 'Braces can only surround a variable name, for example {customerName}. Remove any other "{" or "}".';

describe('findTemplateProblems', () => {
  it.each([
    ['plain text', 'Hello there'],
    ['known variables', 'Hi {customerName}, job {jobId}: {trackingLink}'],
    ['an empty template', ''],
    ['line breaks and tabs in a body', 'Hi {customerName},\r\n\tThanks'],
    ['emoji joined with a zero-width joiner', 'Thanks \u{1F469}\u200D\u{1F527}'],
  ])('accepts %s', (_name, source) => {
    expect(findTemplateProblems(source, allowed)).toEqual([]);
  });

  it.each([
    ['an unknown variable', 'Hi {firstName}', 'Unknown variable {firstName}. Available variables: {customerName}, {jobId}, {trackingLink}'],
    ['handlebars double braces', 'Hi {{customerName}}', 'Use single braces for variables, for example {customerName}.'],
    ['triple braces', '{{{customerName}}}', 'Use single braces for variables, for example {customerName}.'],
    ['a helper call', '{{#each items}}x{{/each}}', 'Use single braces for variables, for example {customerName}.'],
    ['a partial', '{{> layout}}', 'Use single braces for variables, for example {customerName}.'],
    ['a prototype lookup', '{constructor}', 'Unknown variable {constructor}. Available variables: {customerName}, {jobId}, {trackingLink}'],
    ['an escaped mustache', '\\{customerName}', 'A backslash cannot come directly before "{".'],
    ['a closing pair', '{customerName}}', 'Use single braces for variables, for example {customerName}.'],
    ['a lone brace', 'Use { and } freely', STRAY],
    ['a __proto__ lookup', '{__proto__}', STRAY],
    ['a property of a variable', '{customerName.length}', STRAY],
    ['braces split by a zero-width space', '{\u200B{customerName}\u200B}', STRAY],
    ['a zero-width space', 'Hi\u200B{customerName}', 'Remove the invisible character U+200B (zero-width or text-direction control).'],
    ['a right-to-left override', 'Hi \u202E{customerName}', 'Remove the invisible character U+202E (zero-width or text-direction control).'],
    [
      'fullwidth braces',
      '\uFF5B\uFF5BcustomerName\uFF5D\uFF5D',
      '"\uFF5B" (U+FF5B) looks like a brace but is not one: variables use plain braces, for example {customerName}.',
    ],
    [
      'small braces',
      '\uFE5BcustomerName\uFE5C',
      '"\uFE5B" (U+FE5B) looks like a brace but is not one: variables use plain braces, for example {customerName}.',
    ],
    ['a NUL character', 'Hi\u0000{customerName}', 'Remove the control character U+0000.'],
    ['an escape character', 'Hi\u001B[31m', 'Remove the control character U+001B.'],
  ])('refuses %s', (_name, source, message) => {
    expect(findTemplateProblems(source, allowed).map((p) => p.message)).toContain(message);
  });

  it.each([
    ['a line feed', 'Hello\nBcc: x@example.com'],
    ['a carriage return', 'Hello\rBcc: x@example.com'],
    ['a unicode line separator', 'Hello\u2028Bcc: x@example.com'],
    ['a paragraph separator', 'Hello\u2029Bcc: x@example.com'],
    ['a next-line character', 'Hello\u0085Bcc: x@example.com'],
    ['a vertical tab', 'Hello\u000BBcc: x@example.com'],
  ])('refuses a subject with %s', (_name, subject) => {
    expect(findTemplateProblems(subject, allowed, 'subject').map((p) => p.message)).toContain('The subject must be a single line.');
    expect(findTemplateProblems('Hello {customerName}', allowed, 'subject')).toEqual([]);
  });

  it.each(Object.values(TEMPLATE_CATALOGUE).map((definition) => [definition.key, definition] as const))(
    'the default wording of %s passes its own checks',
    (_key, definition) => {
      expect(findTemplateProblems(definition.subject, definition.variables, 'subject')).toEqual([]);
      expect(findTemplateProblems(definition.body, definition.variables, 'body')).toEqual([]);
    },
  );

  it('reports each unknown variable once', () => {
    expect(findTemplateProblems('{a} {a} {b}', allowed)).toHaveLength(2);
  });
});

describe('toHandlebarsSource', () => {
  it.each([
    ['Hi {customerName}', 'Hi {{customerName}}'],
    ['{jobId}-{jobId}', '{{jobId}}-{{jobId}}'],
    ['{ not a variable }', '{ not a variable }'],
  ])('%s → %s', (source, expected) => {
    expect(toHandlebarsSource(source)).toBe(expected);
  });
});

describe('variablesUsed', () => {
  it('lists each variable once in order of use', () => {
    expect(variablesUsed('{jobId} {customerName} {jobId}')).toEqual(['jobId', 'customerName']);
  });
});

describe('omitBlankVariables', () => {
  const values = { a: 'A', b: 'B', empty: '', blank: '  ', name: 'Sam' };
  it.each([
    ['Address: {a}, {b} {empty} {blank}', 'Address: {a}, {b}'],
    ['Address: {empty}, {b} {a}', 'Address: {b} {a}'],
    ['Plumber: {a}, {empty}', 'Plumber: {a}'],
    ['Hi {empty},', 'Hi,'],
    ['Organisation: {empty}', 'Organisation:'],
    ['{empty} was received', 'was received'],
    ['A new {empty} was received', 'A new was received'],
    ['{a} · {empty} · {b}', '{a} · {b}'],
    ['{a} ({empty}) done', '{a} done'],
    ['in {empty}.', 'in.'],
    ['{empty}', ''],
    ['{a} {b}', '{a} {b}'],
    ['Notes:\n{empty}\n\nEnd {name}', 'Notes:\n\n\nEnd {name}'],
    ['{unknown} stays', '{unknown} stays'],
  ])('%j → %j', (source, expected) => {
    expect(omitBlankVariables(source, values)).toBe(expected);
  });
});
