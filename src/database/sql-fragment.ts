/**
 * SQL put together from parts that different repositories own, with every value a bound parameter:
 * `sql\`… ${value} …\`` makes a fragment; a fragment placed inside another is inlined (its values
 * renumbered), so a repository can hand another one a condition or a statement to run in the same
 * statement (one round trip) without either writing the other's SQL. `raw` is for trusted text
 * only (names of common table expressions chosen in code), never for a value.
 */
export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** The statement text with $1, $2… and its parameters in that order. */
  toQuery(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.render(values);
    return { text, values };
  }

  private render(values: unknown[]): string {
    let text = this.strings[0]!;
    for (let i = 0; i < this.values.length; i += 1) {
      const value = this.values[i];
      if (value instanceof Sql) text += value.render(values);
      else {
        values.push(value);
        text += `$${values.length}`;
      }
      text += this.strings[i + 1]!;
    }
    return text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

/** Trusted SQL text (a CTE's name chosen in code): never anything that came from a request. */
export function raw(text: string): Sql {
  return new Sql([text], []);
}

/** The fragments one after the other, `separator` (trusted text) between them. */
export function joinSql(parts: readonly Sql[], separator: string): Sql {
  if (parts.length === 0) return raw('');
  return new Sql(['', ...parts.slice(1).map(() => separator), ''], parts);
}
