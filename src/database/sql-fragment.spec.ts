import { joinSql, raw, sql } from './sql-fragment.js';

describe('sql fragments', () => {
  it('numbers every value as a parameter, in order', () => {
    expect(sql`SELECT ${1}, ${'a'} WHERE x = ${null}`.toQuery()).toEqual({ text: 'SELECT $1, $2 WHERE x = $3', values: [1, 'a', null] });
  });

  it('inlines a fragment inside another, renumbering its values after the ones before it', () => {
    const condition = sql`version = ${'41'}::bigint AND name = ${'email_templates'}`;
    const query = sql`WITH f AS (SELECT ${condition} AS ok) INSERT INTO t SELECT ${'x'} FROM f WHERE f.ok AND y = ${7}`.toQuery();
    expect(query).toEqual({
      text: 'WITH f AS (SELECT version = $1::bigint AND name = $2 AS ok) INSERT INTO t SELECT $3 FROM f WHERE f.ok AND y = $4',
      values: ['41', 'email_templates', 'x', 7],
    });
  });

  it('puts raw text in as it is, and never a value', () => {
    expect(sql`SELECT * FROM ${raw('stored')} WHERE id = ${"'; DROP TABLE x; --"}`.toQuery()).toEqual({
      text: 'SELECT * FROM stored WHERE id = $1',
      values: ["'; DROP TABLE x; --"],
    });
  });

  it('joins fragments with a separator (nothing for none)', () => {
    const rows = [1, 2, 3].map((n) => sql`(${n}, ${`v${n}`})`);
    expect(sql`VALUES ${joinSql(rows, ', ')}`.toQuery()).toEqual({ text: 'VALUES ($1, $2), ($3, $4), ($5, $6)', values: [1, 'v1', 2, 'v2', 3, 'v3'] });
    expect(sql`SELECT 1${joinSql([], ', ')}`.toQuery()).toEqual({ text: 'SELECT 1', values: [] });
  });

  it('renders the same text for the same shape, whatever the values (one prepared statement)', () => {
    const shape = (a: unknown, b: unknown) => sql`SELECT ${a}, ${sql`${b}::uuid`}`.toQuery().text;
    expect(shape(1, 'x')).toBe(shape('other', null));
  });
});
