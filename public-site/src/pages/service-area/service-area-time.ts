import { serviceAreaTimeZone, type ServiceArea } from '@relining/contracts/service-areas';

// Only the local page shows these (not its head): a module of its own keeps them out of the code
// every page loads.

/** Each state's time zone as people name it, with its abbreviations (standard, and daylight saving where kept). */
const TIME_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Australia/Sydney': 'Sydney time (AEDT/AEST)',
  'Australia/Melbourne': 'Melbourne time (AEDT/AEST)',
  'Australia/Brisbane': 'Queensland time (AEST, no daylight saving)',
  'Australia/Adelaide': 'Adelaide time (ACDT/ACST)',
  'Australia/Perth': 'Perth time (AWST)',
  'Australia/Hobart': 'Hobart time (AEDT/AEST)',
  'Australia/Darwin': 'Darwin time (ACST)',
  'Australia/Canberra': 'Canberra time (AEDT/AEST)',
};

/** 'Melbourne time (AEDT/AEST)': the time zone the area's appointments are kept in, for people. */
export function serviceAreaTimeZoneName(area: Pick<ServiceArea, 'region'>): string {
  const zone = serviceAreaTimeZone(area);
  return TIME_ZONE_NAMES[zone] ?? zone;
}
