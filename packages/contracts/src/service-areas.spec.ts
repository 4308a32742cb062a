import { findServiceArea, SERVICE_AREAS, serviceAreaOfPostcode, serviceAreaPath, serviceAreaTimeZone } from './service-areas.js';

describe('service areas', () => {
  it('lists the eight capitals and the regional centres, each slug unique and URL-safe', () => {
    expect(SERVICE_AREAS.filter((area) => area.kind === 'capital')).toHaveLength(8);
    expect(SERVICE_AREAS.filter((area) => area.kind === 'regional').length).toBeGreaterThanOrEqual(10);
    const slugs = SERVICE_AREAS.map((area) => area.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('gives each area postcode ranges that no other area shares, holding its centre', () => {
    for (const area of SERVICE_AREAS) {
      expect(serviceAreaOfPostcode(area.centre.postcode)?.slug).toBe(area.slug);
      for (const [from, to] of area.postcodes) expect(from).toBeLessThanOrEqual(to);
    }
    for (let postcode = 800; postcode <= 7999; postcode += 1) {
      const owners = SERVICE_AREAS.filter((area) => area.postcodes.some(([from, to]) => postcode >= from && postcode <= to));
      expect(owners.length).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    ['3121', 'melbourne'],
    ['0810', 'darwin'],
    ['4217', 'gold-coast'],
    ['2913', 'canberra'],
    ['2880', undefined],
    ['abcd', undefined],
    [null, undefined],
  ])('postcode %s is in %s', (postcode, slug) => {
    expect(serviceAreaOfPostcode(postcode)?.slug).toBe(slug);
  });

  it('names the page address and the time zone', () => {
    const perth = findServiceArea('perth')!;
    expect(serviceAreaPath(perth)).toBe('/pipe-relining/perth');
    expect(serviceAreaTimeZone(perth)).toBe('Australia/Perth');
    expect(findServiceArea('atlantis')).toBeUndefined();
  });
});
