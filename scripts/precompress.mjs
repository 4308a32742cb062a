// Writes .br and .gz copies of every text file of a build folder, so the server sends compressed
// files without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|map|webmanifest)$/;

/**
 * `skip`: folders (relative to `dir`) whose files are never sent to a browser; `unless(content)`: files
 * left uncompressed (the server compresses them after changing them).
 */
export async function precompress(dir, { skip = [], unless = () => false } = {}) {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const relative = path.relative(dir, file).split(path.sep);
    if (skip.includes(relative[0])) continue;
    const content = await readFile(file);
    if (content.length < 512 || unless(content)) continue;
    await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/precompress.mjs <folder>');
  console.log(`compressed ${await precompress(path.resolve(dir))} files in ${dir}`);
}
