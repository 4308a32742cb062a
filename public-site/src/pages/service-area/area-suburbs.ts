import type { ServiceArea } from '@relining/contracts/service-areas';

/** The suburbs a local page lists (issue 20): its main ones first, then all of them in a <details>. */
export interface AreaSuburbs {
  /** The centre and the suburbs nearest it by postcode (Australia Post numbers outwards), alphabetical. */
  main: string[];
  /** Every delivery locality whose postcode is in the area's ranges, alphabetical, each name once. */
  all: string[];
}

/** How many suburbs a local page shows before 'All N suburbs we service in …'. */
export const MAIN_SUBURBS_SHOWN = 12;

export function postcodeInArea(postcode: string, area: Pick<ServiceArea, 'postcodes'>): boolean {
  if (!/^\d{4}$/.test(postcode)) return false;
  const number = Number(postcode);
  return area.postcodes.some(([from, to]) => number >= from && number <= to);
}

const byName = (left: string, right: string) => left.localeCompare(right, 'en-AU');

/** A locality of the dataset, with its coordinates when known. */
export interface AreaLocality {
  name: string;
  postcode: string;
  lat?: number;
  long?: number;
}

/**
 * Names of the dataset's delivery areas that are an address rather than a suburb people would look
 * for (a university, a mail centre, a base): listed with all, never among the main ones.
 */
const NOT_A_SUBURB =
  /\b(University|Parliament|Centre|Center|Dc|Mc|Hmas|Raaf|Barracks|Defence|Airport|Hospital|Business|Mail|Street|Road|Fair|Park Post|Adelaide Street)\b|\b(Pirie|Kent|North|South|East|West|Central) Street\b/;

/**
 * The area's suburbs from the localities the server is seeded with (src/modules/addresses/
 * localities.seed.ts: delivery areas, names cased): generated into suburbs/<slug>.json by
 * scripts/service-area-suburbs.mjs, and checked against the dataset by test/project/service-area-suburbs.test.ts.
 * The main ones are the centre and the suburbs nearest it (by their coordinates, else by postcode).
 */
export function areaSuburbs(localities: readonly AreaLocality[], area: Pick<ServiceArea, 'postcodes' | 'centre'>): AreaSuburbs {
  const inside = localities.filter((locality) => postcodeInArea(locality.postcode, area));
  const all = [...new Set(inside.map((locality) => locality.name))].sort(byName);
  // The centre's coordinates, else those of another locality of its postcode.
  const centre =
    inside.find((locality) => locality.name === area.centre.suburb && locality.postcode === area.centre.postcode && locality.lat !== undefined) ??
    inside.find((locality) => locality.postcode === area.centre.postcode && locality.lat !== undefined);
  const distance = (locality: AreaLocality): number =>
    centre?.lat !== undefined && centre.long !== undefined && locality.lat !== undefined && locality.long !== undefined
      ? (locality.lat - centre.lat) ** 2 + (locality.long - centre.long) ** 2
      : Math.abs(Number(locality.postcode) - Number(area.centre.postcode));
  const nearest = inside
    .filter((locality) => !NOT_A_SUBURB.test(locality.name))
    .sort((left, right) => distance(left) - distance(right) || byName(left.name, right.name));
  const main = [...new Set([area.centre.suburb, ...nearest.map((locality) => locality.name)])].slice(0, MAIN_SUBURBS_SHOWN).sort(byName);
  return { main, all };
}

/** The dataset's coordinates of each locality (its first row's), for choosing the main suburbs. */
export function withCoordinates(
  localities: ReadonlyArray<{ name: string; state: string; postcode: string }>,
  rows: ReadonlyArray<{ locality: string; state: string; postcode: string; lat?: unknown; long?: unknown }>,
  nameOf: (raw: string) => string,
): AreaLocality[] {
  const coordinates = new Map<string, { lat: number; long: number }>();
  for (const row of rows) {
    const key = `${nameOf(row.locality)}|${row.state}|${row.postcode}`;
    if (!coordinates.has(key) && typeof row.lat === 'number' && typeof row.long === 'number' && (row.lat !== 0 || row.long !== 0))
      coordinates.set(key, { lat: row.lat, long: row.long });
  }
  return localities.map((locality) => ({
    name: locality.name,
    postcode: locality.postcode,
    ...coordinates.get(`${locality.name}|${locality.state}|${locality.postcode}`),
  }));
}
