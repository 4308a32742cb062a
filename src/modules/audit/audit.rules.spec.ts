import { changedFields, HIDDEN, maskedDetails, maskedValue } from './audit.rules.js';

describe('audit rules: what the trail keeps of a value', () => {
  it.each([
    ['passwordHash', '$argon2id$v=19$…', HIDDEN],
    ['password', 'correct horse', HIDDEN],
    ['resetToken', 'abc', HIDDEN],
    ['refresh_token_hash', 'abc', HIDDEN],
    ['clientSecret', 'abc', HIDDEN],
    ['bsbEncrypted', 'v1.abc', HIDDEN],
    ['apiKey', 'k', HIDDEN],
    ['bsb', '062000', '062-***'],
    ['bsb', '062-000', '062-***'],
    ['accountNumber', '12345678', '****678'],
    ['account_number', '123456', '****456'],
    ['fullName', 'Alex Citizen', 'Alex Citizen'],
    ['status', 'new', 'new'],
    ['amountCents', 8000, 8000],
    ['notify', false, false],
    ['anything', null, null],
    ['anything', undefined, null],
    ['passwordHash', null, null],
  ])('%s = %j is kept as %j', (field, value, kept) => {
    expect(maskedValue(field, value)).toEqual(kept);
  });

  it('masks inside nested objects and lists', () => {
    expect(maskedValue('settings', { bank: { bsb: '062000', accountNumber: '12345678', name: 'Ops' }, tokens: ['a'] })).toEqual({
      bank: { bsb: '062-***', accountNumber: '****678', name: 'Ops' },
      tokens: HIDDEN,
    });
    expect(maskedValue('when', new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-26T10:00:00.000Z');
  });
});

describe('audit rules: the fields that changed', () => {
  it.each([
    ['a value changed', { status: 'new', name: 'A' }, { status: 'contacted', name: 'A' }, { status: { before: 'new', after: 'contacted' } }],
    ['nothing changed', { status: 'new' }, { status: 'new' }, null],
    ['created', null, { status: 'new' }, { status: { before: null, after: 'new' } }],
    ['removed', { status: 'new' }, null, { status: { before: 'new', after: null } }],
    ['a field only after', { a: 1 }, { a: 1, b: 2 }, { b: { before: null, after: 2 } }],
    ['undefined equals null', { a: null }, { a: undefined }, null],
    ['bookkeeping ignored', { updatedAt: '2026-01-01', status: 'x' }, { updatedAt: '2026-02-02', status: 'x' }, null],
    ['objects compared by value', { tags: ['a', 'b'] }, { tags: ['a', 'b'] }, null],
    ['objects that differ', { tags: ['a'] }, { tags: ['a', 'b'] }, { tags: { before: ['a'], after: ['a', 'b'] } }],
    ['dates compared by instant', { at: new Date('2026-01-01T00:00:00Z') }, { at: new Date('2026-01-01T00:00:00Z') }, null],
    ['secrets masked on both sides', { passwordHash: 'x' }, { passwordHash: 'y' }, { passwordHash: { before: HIDDEN, after: HIDDEN } }],
    ['bank details masked', { bsb: '062000' }, { bsb: '083004' }, { bsb: { before: '062-***', after: '083-***' } }],
  ])('%s', (_name, before, after, expected) => {
    expect(changedFields(before, after)).toEqual(expected);
  });

  it('keeps details as given, with secrets masked', () => {
    expect(maskedDetails({ reason: 'Duplicate', token: 'abc', filter: { status: 'new' } })).toEqual({
      reason: 'Duplicate',
      token: HIDDEN,
      filter: { status: 'new' },
    });
    expect(maskedDetails(null)).toBeNull();
  });
});
