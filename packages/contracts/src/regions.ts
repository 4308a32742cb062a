/**
 * The business's regions (issue 16): one per state and territory, each with the IANA time zone its
 * appointments are kept and shown in. A booking's region comes from its suburb's state.
 */
export const REGIONS = {
  NSW: { name: 'New South Wales', timeZone: 'Australia/Sydney' },
  VIC: { name: 'Victoria', timeZone: 'Australia/Melbourne' },
  QLD: { name: 'Queensland', timeZone: 'Australia/Brisbane' },
  SA: { name: 'South Australia', timeZone: 'Australia/Adelaide' },
  WA: { name: 'Western Australia', timeZone: 'Australia/Perth' },
  TAS: { name: 'Tasmania', timeZone: 'Australia/Hobart' },
  NT: { name: 'Northern Territory', timeZone: 'Australia/Darwin' },
  ACT: { name: 'Australian Capital Territory', timeZone: 'Australia/Canberra' },
} as const satisfies Record<string, { name: string; timeZone: string }>;

export type Region = keyof typeof REGIONS;
export const REGION_CODES = Object.keys(REGIONS) as Region[];

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && Object.hasOwn(REGIONS, value);
}

/** Days of the week as JavaScript counts them (0 Sunday … 6 Saturday). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
