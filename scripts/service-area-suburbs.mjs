// Writes each service area's suburbs (public-site/src/pages/service-area/suburbs/<slug>.json) from the localities
// dataset the server is seeded with, so each local page carries its own list and no page all of them.
// Run it after a change of the areas (packages/contracts/src/service-areas.ts) or of the dataset:
//   (cd packages/contracts && npm run build) && node scripts/service-area-suburbs.mjs
// test/project/service-area-suburbs.test.ts fails while the files differ from what this writes.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_AREAS } from '@relining/contracts/service-areas';
import { datasetLocalities, loadDatasetRows, localityName } from '../src/modules/addresses/localities.seed.ts';
import { areaSuburbs, withCoordinates } from '../public-site/src/pages/service-area/area-suburbs.ts';

const folder = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'public-site', 'src', 'pages', 'service-area', 'suburbs');
// The localities of the server's table (delivery areas: no PO boxes, no large-volume receivers), so
// every suburb listed is one the booking form's suburb field knows.
const rows = await loadDatasetRows();
const localities = withCoordinates(datasetLocalities(rows), rows, localityName);
await mkdir(folder, { recursive: true });
for (const area of SERVICE_AREAS) {
  const suburbs = areaSuburbs(localities, area);
  await writeFile(path.join(folder, `${area.slug}.json`), `${JSON.stringify(suburbs, null, 2)}\n`);
  console.log(`${area.slug}: ${suburbs.all.length} suburbs`);
}
