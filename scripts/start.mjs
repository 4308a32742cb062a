// `npm start`: builds whatever is missing or older than its sources (server, public site, staff
// console), then starts the product in this process. On an up-to-date checkout it starts at once.
import './require-node.mjs';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale();
await import(path.join(root, 'dist/src/main.js'));
