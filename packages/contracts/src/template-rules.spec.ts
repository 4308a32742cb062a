import { isBlank, templateFormProblems } from './template-rules.js';

describe('email template form rules', () => {
  it.each([
    ['', true],
    [' ', true],
    ['\t\n\r', true],
    ['\u00a0\u2003\u3000', true],
    [undefined, true],
    [null, true],
    [42, true],
    ['x', false],
    ['  {customerName}  ', false],
  ])('isBlank(%j) is %s', (value, blank) => {
    expect(isBlank(value)).toBe(blank);
  });

  it.each([
    [{ subject: 'Hi', body: 'Body' }, {}],
    [{ subject: '   ', body: 'Body' }, { subject: 'Subject is required' }],
    [{ subject: 'Hi', body: ' \n ' }, { body: 'Email body is required' }],
    [{}, { subject: 'Subject is required', body: 'Email body is required' }],
  ])('%j → %j', (form, problems) => {
    expect(templateFormProblems(form)).toEqual(problems);
  });
});
