import { compileStaffSource, renderEmail, STAFF_COMPILE_OPTIONS, STAFF_RUNTIME_OPTIONS, TemplateRenderError } from './template-renderer.js';

const template = {
  subject: 'Your job {jobId}',
  body: 'Hi {customerName},\n\nYour job is {jobId}.\nTrack it: {trackingLink}\n\nThe team',
};
const variables = { customerName: 'Alex', jobId: 'JOB-1001', trackingLink: 'https://example.com.au/job-status/abc' };

describe('renderEmail', () => {
  it('fills the variables in the subject, the text and the HTML', () => {
    const email = renderEmail({ ...template, variables, linkVariables: ['trackingLink'] });
    expect(email.subject).toBe('Your job JOB-1001');
    expect(email.text).toBe('Hi Alex,\n\nYour job is JOB-1001.\nTrack it: https://example.com.au/job-status/abc\n\nThe team');
    expect(email.html).toContain('<p style="margin:0 0 16px;">Hi Alex,</p>');
    expect(email.html).toContain('<a href="https://example.com.au/job-status/abc" style="color:#0b3b66;">https://example.com.au/job-status/abc</a>');
  });

  it('escapes every value in the HTML part, so a customer cannot add markup', () => {
    const email = renderEmail({ ...template, variables: { ...variables, customerName: '<img src=x onerror=alert(1)>' } });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(email.text).toContain('Hi <img src=x onerror=alert(1)>,');
  });

  it('escapes markup that staff typed into the body as text', () => {
    const email = renderEmail({ subject: 'x', body: '<b>bold</b> {jobId}', variables });
    expect(email.html).toContain('&lt;b&gt;bold&lt;/b&gt; JOB-1001');
  });

  it('does not link a link variable whose value is not a web address', () => {
    const email = renderEmail({ ...template, variables: { ...variables, trackingLink: 'javascript:alert(1)' }, linkVariables: ['trackingLink'] });
    expect(email.html).not.toContain('href="javascript');
  });

  it.each([
    ['a line feed', 'JOB-1\nBcc: victim@example.com'],
    ['a carriage return', 'JOB-1\r\nBcc: victim@example.com'],
    ['a unicode line separator', 'JOB-1\u2028Bcc: victim@example.com'],
  ])('keeps the subject on one line when a value holds %s', (_name, jobId) => {
    const email = renderEmail({ ...template, variables: { ...variables, jobId } });
    expect(email.subject).toBe('Your job JOB-1 Bcc: victim@example.com');
  });

  it('refuses to render when a variable is missing (strict mode)', () => {
    expect(() => renderEmail({ ...template, variables: { customerName: 'Alex' } })).toThrow(/jobId/);
  });

  it('adds the button to both parts', () => {
    const email = renderEmail({ ...template, variables, button: { label: 'View Your Job Status', url: 'https://example.com.au/job-status/abc' } });
    expect(email.html).toContain('>View Your Job Status</a>');
    expect(email.text.endsWith('View Your Job Status: https://example.com.au/job-status/abc')).toBe(true);
  });

  it("links the company's phone in every e-mail's footer for calling (a 1300 number, dialled as it is)", () => {
    const email = renderEmail({ ...template, variables });
    expect(email.html).toContain('<a href="tel:1300747354" style="color:#64748b;">1300 747 354</a>');
  });

  it('refuses to run a template that did not pass the save checks', () => {
    expect(() => renderEmail({ subject: 'a{constructor}b', body: 'x', variables: {} })).toThrow(TemplateRenderError);
    expect(() => renderEmail({ subject: 'x', body: '{{constructor.constructor}}', variables })).toThrow(/single braces/);
    expect(() => renderEmail({ subject: 'x', body: '{customerName.length}', variables })).toThrow(/Braces can only surround/);
  });
});

/**
 * The last line of defence: hostile handlebars source compiled straight in the staff environment
 * (as if the checks above were bypassed) reads no prototype, calls no helper or partial, runs nothing.
 */
describe('compileStaffSource', () => {
  const values = { name: 'Alex' };
  const run = (source: string) => compileStaffSource(source, true)(values);

  it('keeps strict mode, knownHelpersOnly with no helper known, and no prototype access', () => {
    expect(STAFF_COMPILE_OPTIONS).toMatchObject({ strict: true, knownHelpersOnly: true });
    expect(Object.values(STAFF_COMPILE_OPTIONS.knownHelpers).every((known) => known === false)).toBe(true);
    expect(STAFF_RUNTIME_OPTIONS).toMatchObject({ allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
  });

  it.each([
    '{{constructor}}',
    '{{constructor.constructor}}',
    '{{name.constructor.constructor}}',
    '{{__proto__}}',
    '{{name.__proto__}}',
    '{{name.__defineGetter__}}',
    '{{toString}}',
    '{{this}}',
    '{{this.constructor}}',
    '{{../name}}',
    '{{#each name}}x{{/each}}',
    '{{#with name}}{{this}}{{/with}}',
    '{{#if name}}x{{/if}}',
    '{{log name}}',
    '{{lookup name "length"}}',
    '{{> evil}}',
    '{{#name}}x{{/name}}',
    '{{^name}}x{{/name}}',
    '{{{{raw}}}}{{name}}{{{{/raw}}}}',
    '{{*decorator}}',
    '{{#*inline "x"}}y{{/inline}}',
  ])('%s throws instead of running', (source) => {
    expect(() => run(source)).toThrow();
  });

  it('reaches no partial: a partial block only shows its own fallback text', () => {
    expect(run('{{#> layout}}fallback{{/layout}}')).toBe('fallback');
  });

  it('leaves a real variable working, escaped', () => {
    expect(compileStaffSource('Hi {{name}}', true)({ name: '<b>' })).toBe('Hi &lt;b&gt;');
  });
});
