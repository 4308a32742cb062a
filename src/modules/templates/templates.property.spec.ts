import fc from 'fast-check';
import { check, nastyString } from '../../../test/support/property.js';
import { COMPANY } from '@relining/contracts/business';
import { EMAIL_LOGO } from './email-logo.js';
import { escapeHtml, PreparedTemplate, renderEmail } from './template-renderer.js';
import { findTemplateProblems, toHandlebarsSource, variablesUsed } from './template-syntax.js';

const ALLOWED = ['customerName', 'jobNumber', 'trackingLink'] as const;

/** Staff-written text: prose, variables (known, unknown, prototype names), stray braces, backslashes, handlebars syntax. */
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 4, arbitrary: fc.constantFrom(...ALLOWED).map((name) => `{${name}}`) },
  { weight: 2, arbitrary: fc.constantFrom('\n', '\n\n', '\r\n', '<b>', '&amp;', '"', "'", '\\', '@root', 'é', '🚰') },
  { weight: 1, arbitrary: fc.constantFrom('{firstName}', '{constructor}', '{__proto__}', '{toString}', '{ customerName }', '{customerName', 'customerName}') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{', '}', '{{', '}}', '{{{', '}}}', '{{> partial}}', '{{#each x}}', '{{/each}}', '{{lookup . "a"}}', '{{this}}', '\\{'),
  },
  { weight: 1, arbitrary: nastyString(8) },
);
const templateSource = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));

/** What a customer (or a bot) can put in a value: markup, template syntax, header breaks, any text. */
const customerValue = fc.oneof(
  nastyString(30),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' onmouseover='x",
    '{{constructor.constructor}}',
    '{customerName}',
    'a\r\nBcc: victim@example.com',
    'javascript:alert(1)',
    '&lt;b&gt;',
  ),
);
const values = fc.record({ customerName: customerValue, jobNumber: customerValue, trackingLink: fc.oneof(fc.webUrl(), customerValue) });

/** The staff template with each `{variable}` replaced by its value, once, left to right: what the text part must be. */
const substitute = (source: string, variables: Record<string, string>) =>
  source.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_match, name: string) => variables[name]!);

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
const tags = (html: string) => [...html.matchAll(/<([a-zA-Z/][^\s>]*)/g)].map((match) => match[1]!);

describe('staff templates (properties)', () => {
  it('checking a template never throws, and a template without problems uses only the declared variables, braces only around them', () => {
    check(
      fc.property(templateSource, fc.constantFrom('subject', 'body') as fc.Arbitrary<'subject' | 'body'>, (source, part) => {
        const problems = findTemplateProblems(source, ALLOWED, part);
        if (problems.length === 0) {
          expect(source.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, '')).not.toMatch(/[{}]/);
          if (part === 'subject') expect(source).not.toMatch(/[\r\n]/);
          for (const name of variablesUsed(source)) expect(ALLOWED).toContain(name);
          expect(source).not.toContain('{{');
          expect(source).not.toContain('}}');
        }
      }),
      250,
    );
  });

  it('an accepted template renders every value literally: the text part holds the template with each {variable} replaced once', () => {
    // (A value left empty is taken out with its separator: omitBlankVariables, template-syntax.spec.ts.)
    const filled = values.filter((all) => Object.values(all).every((value) => value.trim() !== ''));
    check(
      fc.property(templateSource, templateSource, filled, (subject, body, variables) => {
        fc.pre(findTemplateProblems(subject, ALLOWED, 'subject').length === 0 && findTemplateProblems(body, ALLOWED).length === 0);
        const email = renderEmail({ subject, body, variables });
        // Framed by the company name and the footer, paragraph by paragraph (blank lines folded to one).
        const expected = substitute(body, variables)
          .trim()
          .split(/\n{2,}/)
          .filter((paragraph) => paragraph.trim() !== '')
          .join('\n\n');
        expect(email.text.startsWith(`${[COMPANY.name, expected].filter(Boolean).join('\n\n')}\n\n----\n`)).toBe(true);
        expect(toHandlebarsSource(body)).not.toContain('{{{');
      }),
      200,
    );
  });

  it('the subject is one line whatever the values hold (no CR/LF can add a header)', () => {
    check(
      fc.property(templateSource, values, (subject, variables) => {
        fc.pre(findTemplateProblems(subject, ALLOWED, 'subject').length === 0);
        const rendered = renderEmail({ subject, body: 'x', variables }).subject;
        expect(rendered).not.toMatch(/[\r\n\u2028\u2029\u0085]/);
        expect(rendered).toBe(rendered.trim());
      }),
      200,
    );
  });

  it('values never add markup or links to the HTML part: same tags and links as with harmless values', () => {
    check(
      fc.property(templateSource, values, fc.boolean(), (body, variables, withButton) => {
        fc.pre(findTemplateProblems(body, ALLOWED).length === 0);
        const harmless = { customerName: 'Alex', jobNumber: 'JOB-1', trackingLink: 'https://example.com/t' };
        const button = withButton ? { label: 'View', url: variables.trackingLink } : undefined;
        const render = (input: Record<string, string>, withLink: boolean) =>
          renderEmail({
            subject: 'S',
            body,
            variables: input,
            linkVariables: withLink ? ['trackingLink'] : [],
            button: button && { ...button, url: input.trackingLink! },
          }).html;
        const nasty = render(variables, true);
        const plain = render(harmless, false);
        // Paragraph breaks follow the text, so compare the kinds of tag, not their number.
        const allowedTags = new Set([...tags(plain), 'a', '/a', 'p', '/p', 'br']);
        for (const tag of tags(nasty)) expect(allowedTags).toContain(tag);
        const isHttp = /^https?:\/\//i.test(variables.trackingLink);
        for (const href of hrefs(nasty)) {
          const known = hrefs(plain).includes(href) || (isHttp && href === escapeHtml(variables.trackingLink));
          expect(known).toBe(true);
        }
        // The layout's own logo is the one image; nothing else may add one.
        const withoutLogo = nasty.replace(`<img src="cid:${EMAIL_LOGO.cid}"`, '');
        for (const payload of ['<script', '<img', '<b>']) {
          if (!body.includes(payload)) expect(withoutLogo).not.toContain(payload);
        }
      }),
      300,
    );
  });
  it('a template prepared once renders every message exactly as a template prepared for that message alone', () => {
    // Values blank or not, in any order, one after the other: each shape of values is compiled once and reused.
    const someBlank = fc.record({
      customerName: fc.oneof(customerValue, fc.constantFrom('', '  ')),
      jobNumber: fc.oneof(customerValue, fc.constant('')),
      trackingLink: fc.oneof(fc.webUrl(), fc.constant(' ')),
    });
    check(
      fc.property(templateSource, templateSource, fc.array(someBlank, { minLength: 1, maxLength: 6 }), (subject, body, messages) => {
        fc.pre(findTemplateProblems(subject, ALLOWED, 'subject').length === 0 && findTemplateProblems(body, ALLOWED).length === 0);
        const prepared = new PreparedTemplate(subject, body, ['trackingLink']);
        for (const variables of messages) {
          const button = { label: 'View', url: variables.trackingLink };
          expect(prepared.render(variables, button)).toEqual(new PreparedTemplate(subject, body, ['trackingLink']).render(variables, button));
          expect(prepared.render(variables)).toEqual(renderEmail({ subject, body, variables, linkVariables: ['trackingLink'] }));
        }
      }),
      150,
    );
  });
});
