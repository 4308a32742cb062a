import { csvCell, csvLine, csvSafeText } from './csv.js';

describe('CSV writer', () => {
  // [cell, how it is written]: every field quoted; a formula start (= + - @ tab CR), at the start of the
  // cell or after a separator a reader may split on (, ; or a line break), gets an apostrophe.
  it.each<[string | null | undefined, string]>([
    [null, '""'],
    [undefined, '""'],
    ['', '""'],
    ['Zoe Adams', '"Zoe Adams"'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+61 400 000 000', `"'+61 400 000 000"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tindented', `"'\tindented"`],
    ['\rcarriage', `"'\rcarriage"`],
    ['  =1+1', `"'  =1+1"`],
    ['"=1+1', `"'""=1+1"`],
    ['Blocked drain, water backing up', '"Blocked drain, water backing up"'],
    ["Blocked drain,=cmd|' /C calc'!A0", `"Blocked drain,'=cmd|' /C calc'!A0"`],
    ['Blocked drain;=1+1', `"Blocked drain;'=1+1"`],
    ['a; -1', `"a;' -1"`],
    ['first line\n@SUM(1+1)', `"first line\n'@SUM(1+1)"`],
    ['a,b;c', '"a,b;c"'],
    ['She said "soon"', '"She said ""soon"""'],
    ['two\nlines', '"two\nlines"'],
    ["O'Brien", `"O'Brien"`],
    ["'=1 already text", `"'=1 already text"`],
    ['Ünïcødé — 🚰', '"Ünïcødé — 🚰"'],
    [' spaced ', '" spaced "'],
    ['2026-11-21 09:41:00', '"2026-11-21 09:41:00"'],
    [',', '","'],
    ['"', '""""'],
  ])('%j is written %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['=1', "'=1"],
    ['x,-1;+2\n@3', "x,'-1;'+2\n'@3"],
    ['no formula here', 'no formula here'],
  ])('csvSafeText(%j) is %j', (value, safe) => {
    expect(csvSafeText(value)).toBe(safe);
  });

  it('joins a record with commas, every field quoted', () => {
    expect(csvLine(['a', null, '=b'])).toBe(`"a","","'=b"`);
    expect(csvLine([])).toBe('');
  });
});
