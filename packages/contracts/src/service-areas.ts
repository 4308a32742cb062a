import { REGIONS, type Region } from './regions.js';

/**
 * The areas the business serves (issue 20): the eight capital cities and the larger regional
 * centres. One list drives the local pages (`/pipe-relining/<slug>`), the sitemap, the footer's
 * 'Areas we service', which suburbs each page lists (the localities whose postcode falls in the
 * area's ranges) and which published reviews are 'nearby' (the review's postcode).
 */
export interface ServiceArea {
  /** The page's address: `/pipe-relining/<slug>`. */
  slug: string;
  /** The name people search for: 'Melbourne', 'Gold Coast'. */
  name: string;
  region: Region;
  kind: 'capital' | 'regional';
  /** The suburb the booking form starts with on the area's page. */
  centre: { suburb: string; postcode: string };
  /** Inclusive postcode ranges of the area's delivery localities (Australia Post numbering). */
  postcodes: ReadonlyArray<readonly [number, number]>;
}

export const SERVICE_AREAS = [
  {
    slug: 'sydney',
    name: 'Sydney',
    region: 'NSW',
    kind: 'capital',
    centre: { suburb: 'Sydney', postcode: '2000' },
    postcodes: [
      [2000, 2234],
      [2555, 2574],
      [2740, 2770],
    ],
  },
  {
    slug: 'melbourne',
    name: 'Melbourne',
    region: 'VIC',
    kind: 'capital',
    centre: { suburb: 'Melbourne', postcode: '3000' },
    postcodes: [
      [3000, 3207],
      [3335, 3338],
      [3427, 3429],
      [3750, 3810],
      [3910, 3920],
      [3926, 3944],
      [3975, 3978],
    ],
  },
  {
    slug: 'brisbane',
    name: 'Brisbane',
    region: 'QLD',
    kind: 'capital',
    centre: { suburb: 'Brisbane City', postcode: '4000' },
    postcodes: [
      [4000, 4179],
      [4300, 4306],
      [4500, 4509],
    ],
  },
  { slug: 'perth', name: 'Perth', region: 'WA', kind: 'capital', centre: { suburb: 'Perth', postcode: '6000' }, postcodes: [[6000, 6199]] },
  { slug: 'adelaide', name: 'Adelaide', region: 'SA', kind: 'capital', centre: { suburb: 'Adelaide', postcode: '5000' }, postcodes: [[5000, 5199]] },
  {
    slug: 'hobart',
    name: 'Hobart',
    region: 'TAS',
    kind: 'capital',
    centre: { suburb: 'Hobart', postcode: '7000' },
    postcodes: [
      [7000, 7055],
      [7170, 7173],
    ],
  },
  { slug: 'darwin', name: 'Darwin', region: 'NT', kind: 'capital', centre: { suburb: 'Darwin City', postcode: '0800' }, postcodes: [[800, 832]] },
  {
    slug: 'canberra',
    name: 'Canberra',
    region: 'ACT',
    kind: 'capital',
    centre: { suburb: 'Canberra', postcode: '2600' },
    postcodes: [
      [2600, 2620],
      [2900, 2914],
    ],
  },
  { slug: 'gold-coast', name: 'Gold Coast', region: 'QLD', kind: 'regional', centre: { suburb: 'Southport', postcode: '4215' }, postcodes: [[4208, 4230]] },
  { slug: 'newcastle', name: 'Newcastle', region: 'NSW', kind: 'regional', centre: { suburb: 'Newcastle', postcode: '2300' }, postcodes: [[2280, 2308]] },
  { slug: 'central-coast', name: 'Central Coast', region: 'NSW', kind: 'regional', centre: { suburb: 'Gosford', postcode: '2250' }, postcodes: [[2250, 2263]] },
  {
    slug: 'sunshine-coast',
    name: 'Sunshine Coast',
    region: 'QLD',
    kind: 'regional',
    centre: { suburb: 'Maroochydore', postcode: '4558' },
    postcodes: [[4550, 4575]],
  },
  { slug: 'wollongong', name: 'Wollongong', region: 'NSW', kind: 'regional', centre: { suburb: 'Wollongong', postcode: '2500' }, postcodes: [[2500, 2530]] },
  { slug: 'geelong', name: 'Geelong', region: 'VIC', kind: 'regional', centre: { suburb: 'Geelong', postcode: '3220' }, postcodes: [[3211, 3228]] },
  {
    slug: 'townsville',
    name: 'Townsville',
    region: 'QLD',
    kind: 'regional',
    centre: { suburb: 'Townsville City', postcode: '4810' },
    postcodes: [[4810, 4819]],
  },
  { slug: 'cairns', name: 'Cairns', region: 'QLD', kind: 'regional', centre: { suburb: 'Cairns City', postcode: '4870' }, postcodes: [[4868, 4879]] },
  { slug: 'toowoomba', name: 'Toowoomba', region: 'QLD', kind: 'regional', centre: { suburb: 'Toowoomba City', postcode: '4350' }, postcodes: [[4350, 4352]] },
  { slug: 'ballarat', name: 'Ballarat', region: 'VIC', kind: 'regional', centre: { suburb: 'Ballarat Central', postcode: '3350' }, postcodes: [[3350, 3357]] },
  { slug: 'bendigo', name: 'Bendigo', region: 'VIC', kind: 'regional', centre: { suburb: 'Bendigo', postcode: '3550' }, postcodes: [[3550, 3556]] },
  { slug: 'launceston', name: 'Launceston', region: 'TAS', kind: 'regional', centre: { suburb: 'Launceston', postcode: '7250' }, postcodes: [[7248, 7260]] },
] as const satisfies readonly ServiceArea[];

export type ServiceAreaSlug = (typeof SERVICE_AREAS)[number]['slug'];

/** The local page's address: '/pipe-relining/melbourne'. */
export function serviceAreaPath(area: Pick<ServiceArea, 'slug'>): string {
  return `/pipe-relining/${area.slug}`;
}

/** The IANA time zone the area keeps (its state's). */
export function serviceAreaTimeZone(area: Pick<ServiceArea, 'region'>): string {
  return REGIONS[area.region].timeZone;
}

export function findServiceArea(slug: string): ServiceArea | undefined {
  return (SERVICE_AREAS as readonly ServiceArea[]).find((area) => area.slug === slug);
}

/** The area a postcode ('3121', '0810') belongs to, or undefined outside every area. */
export function serviceAreaOfPostcode(postcode: string | null | undefined): ServiceArea | undefined {
  if (!postcode || !/^\d{4}$/.test(postcode.trim())) return undefined;
  const number = Number(postcode.trim());
  return (SERVICE_AREAS as readonly ServiceArea[]).find((area) => area.postcodes.some(([from, to]) => number >= from && number <= to));
}
