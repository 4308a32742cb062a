// Runs a command-line tool of the server (src/cli/<name>.ts), building the server first if needed:
//   node scripts/cli.mjs admin-create --email a@b.au --password '...'
import './require-node.mjs';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const [name] = process.argv.splice(2, 1);
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error('usage: node scripts/cli.mjs <tool> [options]');
  process.exit(2);
}
buildIfStale(['server']);
await import(path.join(root, 'dist/src/cli', `${name}.js`));
