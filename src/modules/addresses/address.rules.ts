/** Australian state and territory codes. */
export const STATE_CODES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

export interface ParsedLocality {
  name: string;
  state?: string;
  postcode?: string;
}

/**
 * Reads what someone typed or picked as a suburb: "Richmond", "Richmond VIC", "Richmond, VIC 3121",
 * "richmond vic 3121" (the suggestion's description). Pure, for the booking's state and postcode.
 */
export function parseLocality(text: string): ParsedLocality {
  const cleaned = text.trim().replace(/\s+/g, ' ');
  const match = /^(.*?)[\s,]+(ACT|NSW|NT|QLD|SA|TAS|VIC|WA)(?:[\s,]+(\d{4}))?$/i.exec(cleaned);
  if (!match) {
    const postcodeOnly = /^(.*?)[\s,]+(\d{4})$/.exec(cleaned);
    if (postcodeOnly) return { name: postcodeOnly[1]!.replace(/,$/, '').trim(), postcode: postcodeOnly[2] };
    return { name: cleaned.replace(/,$/, '') };
  }
  return { name: match[1]!.replace(/,$/, '').trim(), state: match[2]!.toUpperCase(), postcode: match[3] };
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
