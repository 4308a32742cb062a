/** Australian state and territory codes. */
export const STATE_CODES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

export interface ParsedLocality {
  name: string;
  state?: string;
  postcode?: string;
}

const isSeparator = (char: string | undefined) => char === ' ' || char === ',';

/** Without leading and trailing spaces and commas (a loop: a regex here backtracks quadratically). */
function trimSeparators(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSeparator(text[start])) start += 1;
  while (end > start && isSeparator(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** The text before the last word (with its separator) and that word. */
function splitLastWord(text: string): [string, string] {
  const at = Math.max(text.lastIndexOf(' '), text.lastIndexOf(','));
  return [text.slice(0, at + 1), text.slice(at + 1)];
}

/**
 * Reads what someone typed or picked as a suburb: "Richmond", "Richmond VIC", "Richmond, VIC 3121",
 * "richmond vic 3121" (the suggestion's description), with stray commas or spaces around. Read from
 * the end, word by word, in time linear in the text. Pure, for the booking's state and postcode.
 */
export function parseLocality(text: string): ParsedLocality {
  let name = trimSeparators(text.replace(/\s+/g, ' '));
  let postcode: string | undefined;
  let [before, word] = splitLastWord(name);
  if (before && /^\d{4}$/.test(word)) {
    postcode = word;
    name = trimSeparators(before);
    [before, word] = splitLastWord(name);
  }
  const state = (STATE_CODES as readonly string[]).includes(word.toUpperCase()) ? word.toUpperCase() : undefined;
  if (before && state) return { name: trimSeparators(before), state, postcode };
  return postcode === undefined ? { name } : { name, postcode };
}

/**
 * How a free-text address query splits for the built-in provider: the part after the last comma (or
 * the whole text) names the locality; what comes before is kept as the street.
 */
export function splitAddressQuery(query: string): { street: string | undefined; locality: string } {
  const trimmed = query.trim().replace(/\s+/g, ' ');
  const comma = trimmed.lastIndexOf(',');
  if (comma === -1) return { street: undefined, locality: trimmed };
  return { street: trimmed.slice(0, comma).trim() || undefined, locality: trimmed.slice(comma + 1).trim() };
}
