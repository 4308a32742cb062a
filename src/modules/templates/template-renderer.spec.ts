import { COMPANY } from '@relining/contracts/business';
import { DEFAULT_COMPANY_PROFILE, type CompanyProfile } from '@relining/contracts/site-content';
import { EMAIL_LOGO } from './email-logo.js';
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
    expect(email.text).toContain('\n\nHi Alex,\n\nYour job is JOB-1001.\nTrack it: https://example.com.au/job-status/abc\n\nThe team\n\n');
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

  it('puts the button after the greeting and the first paragraph, in both parts', () => {
    const email = renderEmail({ ...template, variables, button: { label: 'View Your Job Status', url: 'https://example.com.au/job-status/abc' } });
    expect(email.html).toMatch(
      /Hi Alex,<\/p>\n<p[^>]*>Your job is JOB-1001\.[\s\S]*<\/p>\n<table role="presentation"[\s\S]*>View Your Job Status<\/a>[\s\S]*The team<\/p>/,
    );
    expect(email.html).toContain('class="cta" href="https://example.com.au/job-status/abc"');
    expect(email.text).toContain('Track it: https://example.com.au/job-status/abc\n\nView Your Job Status: https://example.com.au/job-status/abc\n\nThe team');
  });

  it('puts the button right after the greeting when the first paragraph is long (seen without scrolling on a phone)', () => {
    const long = 'Word '.repeat(100).trim();
    const email = renderEmail({
      subject: 'S',
      body: `Hi {customerName},\n\n${long}\n\nBye`,
      variables,
      button: { label: 'Go', url: 'https://example.com.au/go' },
    });
    expect(email.text).toContain('Hi Alex,\n\nGo: https://example.com.au/go\n\nWord');
  });

  it('leaves the button out when there is none, or its address is not a web address', () => {
    for (const button of [undefined, { label: 'Go', url: 'javascript:alert(1)' }]) {
      const email = renderEmail({ ...template, variables, button });
      expect(email.html).not.toContain('class="cta"');
      expect(email.text).not.toContain('Go:');
    }
  });

  it("frames every e-mail with the logo: an inline image (cid:), its size, the company's name as its alt text", () => {
    const email = renderEmail({ ...template, variables });
    expect(email.html).toContain(`<img src="cid:${EMAIL_LOGO.cid}" width="${EMAIL_LOGO.width}" height="${EMAIL_LOGO.height}" alt="${COMPANY.name}"`);
    expect(email.html).toContain('<html lang="en-AU"');
    expect(email.html).toContain('<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0b3b66;">Your job JOB-1001</h1>');
    expect(email.text.startsWith(`${COMPANY.name}\n\n`)).toBe(true);
  });

  it('hides a preview line (what the e-mail is about) at the top of the HTML part', () => {
    const email = renderEmail({ ...template, variables });
    expect(email.html).toMatch(/<div style="display:none;[^"]*">Your job is JOB-1001\. Track it: https:\/\/example\.com\.au\/job-status\/abc<\/div>/);
  });

  it("links the company's phone in every e-mail's footer for calling (a 1300 number, dialled as it is)", () => {
    const email = renderEmail({ ...template, variables });
    expect(email.html).toContain('<a href="tel:1300747354" style="color:#475569;text-decoration:underline;">1300 747 354</a></span>');
  });

  const profile: CompanyProfile = {
    ...DEFAULT_COMPANY_PROFILE,
    legalName: 'Pipe Relining Australia Pty Ltd',
    abn: '51824753556',
    licences: [
      { state: 'NSW', number: '123456L' },
      { state: 'VIC', number: '98765' },
    ],
    serviceHours: 'Mon–Fri 7am–5pm, 24/7 emergencies',
  };

  it('prints the company profile in the footer of both parts: legal name, ABN grouped, licences per state, service hours', () => {
    const email = renderEmail({ ...template, variables, profile });
    const footer = [
      COMPANY.name,
      'Pipe Relining Australia Pty Ltd · ABN 51 824 753 556',
      `${COMPANY.phone} · ${COMPANY.email}`,
      'Plumbing licences: NSW 123456L · VIC 98765',
      'Service hours: Mon–Fri 7am–5pm, 24/7 emergencies',
      COMPANY.serviceArea,
    ];
    expect(email.text.endsWith(`\n\n----\n${footer.join('\n')}`)).toBe(true);
    // Each number kept on one line.
    expect(email.html).toContain('Pipe Relining Australia Pty Ltd · <span style="white-space:nowrap;">ABN 51 824 753 556</span><br>');
    expect(email.html).toContain(
      'Plumbing licences: <span style="white-space:nowrap;">NSW 123456L</span> · <span style="white-space:nowrap;">VIC 98765</span><br>',
    );
    expect(email.html).toContain('Service hours: Mon–Fri 7am–5pm, 24/7 emergencies<br>');
  });

  it.each([
    ['no legal name', { legalName: '' }, 'ABN 51 824 753 556', 'Pty Ltd'],
    ['no ABN', { abn: '' }, 'Pipe Relining Australia Pty Ltd', 'ABN'],
    ['one licence', { licences: [{ state: 'QLD' as const, number: '15012345' }] }, 'Plumbing licence: QLD 15012345', 'licences'],
    ['no licences', { licences: [] }, 'Service hours', 'licence'],
    ['no service hours', { serviceHours: '  ' }, 'Plumbing licences', 'Service hours'],
  ])('leaves out what the profile does not hold: %s', (_name, change, shown, absent) => {
    const email = renderEmail({ ...template, variables, profile: { ...profile, ...change } });
    const footer = email.text.slice(email.text.lastIndexOf('----'));
    expect(footer).toContain(shown);
    expect(footer).not.toContain(absent);
    expect(email.html).not.toContain(absent === 'ABN' ? 'ABN ' : absent);
  });

  it('prints only the fixed details with an empty profile', () => {
    const email = renderEmail({ ...template, variables });
    expect(email.text.endsWith(`\n\n----\n${COMPANY.name}\n${COMPANY.phone} · ${COMPANY.email}\n${COMPANY.serviceArea}`)).toBe(true);
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
