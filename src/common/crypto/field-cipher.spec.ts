import { FieldCipher } from './field-cipher.js';

const KEY = Buffer.alloc(32, 1).toString('base64');
const OTHER_KEY = Buffer.alloc(32, 2).toString('base64');

describe('FieldCipher', () => {
  const sut = new FieldCipher(KEY);

  it.each(['062000', '12345678', '', 'Ünïcode ✓'])('round-trips %j', (plain) => {
    expect(sut.decrypt(sut.encrypt(plain, 'ctx'), 'ctx')).toBe(plain);
  });

  it('never stores the plain text and never repeats a ciphertext', () => {
    const first = sut.encrypt('12345678', 'ctx');
    const second = sut.encrypt('12345678', 'ctx');
    expect(first).not.toContain('12345678');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it.each([
    ['another context (row or field)', (value: string) => sut.decrypt(value, 'other')],
    ['another key', (value: string) => new FieldCipher(OTHER_KEY).decrypt(value, 'ctx')],
    ['an altered ciphertext', (value: string) => sut.decrypt(`${value.slice(0, -2)}AA`, 'ctx')],
    ['an unknown format', () => sut.decrypt('plain', 'ctx')],
  ])('refuses %s', (_case, attempt) => {
    expect(() => attempt(sut.encrypt('12345678', 'ctx'))).toThrow();
  });

  it.each([['short'], [Buffer.alloc(16).toString('base64')]])('refuses a key that is not 32 bytes (%s)', (key) => {
    expect(() => new FieldCipher(key)).toThrow('32 bytes');
  });
});
