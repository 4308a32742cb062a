import { findTemplateProblems, toHandlebarsSource, variablesUsed } from './template-syntax.js';

const allowed = ['customerName', 'jobId', 'trackingLink'];

describe('findTemplateProblems', () => {
  it.each([
    ['plain text', 'Hello there'],
    ['known variables', 'Hi {customerName}, job {jobId}: {trackingLink}'],
    ['literal single braces around text with spaces', 'Use { and } freely { like this }'],
    ['an empty template', ''],
    // Not a variable name (leading underscore), so it stays literal text and reaches no object property.
    ['a __proto__ lookup as literal text', '{__proto__}'],
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
  ])('refuses %s', (_name, source, message) => {
    expect(findTemplateProblems(source, allowed).map((p) => p.message)).toContain(message);
  });

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
