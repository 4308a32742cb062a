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

/** What is stored for a place: the locality's name, and its state and postcode when known. */
export interface Place {
  suburb: string;
  state: string | null;
  postcode: string | null;
}

const isStateCode = (value: unknown): value is string => typeof value === 'string' && (STATE_CODES as readonly string[]).includes(value.trim().toUpperCase());
const isPostcode = (value: unknown): value is string => typeof value === 'string' && /^\d{4}$/.test(value.trim());

/**
 * The locality a suburb field names, from its text ("Parramatta NSW 2150", "parramatta, nsw",
 * "Richmond") and the state and postcode of the suggestion the visitor picked, sent beside it. The
 * text wins: a hint only completes a bare name (a text that names a state or postcode is what the
 * visitor sees, so a hint that disagrees with it is stale).
 */
export function wantedLocality(text: string, hint: { state?: unknown; postcode?: unknown } = {}): ParsedLocality {
  const parsed = parseLocality(text);
  if (parsed.state !== undefined || parsed.postcode !== undefined) return parsed;
  const state = isStateCode(hint.state) ? hint.state.trim().toUpperCase() : undefined;
  const postcode = isPostcode(hint.postcode) ? hint.postcode.trim() : undefined;
  return { name: parsed.name, ...(state ? { state } : {}), ...(postcode ? { postcode } : {}) };
}

/**
 * The place to store, from the locality wanted and the localities that match it (by name, and by
 * state and postcode when wanted): the name as the dataset spells it, and a state or postcode the
 * visitor gave or that every match shares. A place the dataset does not know keeps what was given.
 */
export function placeOf(wanted: ParsedLocality, matches: ReadonlyArray<{ name: string; state: string; postcode: string }>): Place {
  const only = (values: string[]) => (new Set(values).size === 1 ? values[0]! : null);
  return {
    suburb: matches[0]?.name ?? wanted.name,
    state: wanted.state ?? only(matches.map((match) => match.state)),
    postcode: wanted.postcode ?? only(matches.map((match) => match.postcode)),
  };
}

/**
 * The locality part of a one-line address: after its last comma ("1 Civic Drive, Parramatta NSW
 * 2150"), without the ", Australia" that Google Places ends its descriptions with; the whole line
 * when it has no comma ("1 Civic Drive Parramatta NSW 2150": its state and postcode still read).
 */
export function localityOfAddress(address: string): string {
  const withoutCountry = address.trim().replace(/\s*,\s*australia\s*$/i, '');
  return splitAddressQuery(withoutCountry).locality || withoutCountry.trim();
}
