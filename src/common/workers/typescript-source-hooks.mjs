// Loaded (`--import`) into a worker thread whose code runs from its TypeScript source, as under Jest:
// the worker compiles each `.ts` module as it is imported, with the SWC transform Jest uses, and the
// sources' `./x.js` imports find `./x.ts`. The compiled server (dist/) never loads this file.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

const RELATIVE_JS = /^\.{1,2}\/.*\.js$/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (RELATIVE_JS.test(specifier) && context.parentURL?.endsWith('.ts')) {
      try {
        return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      } catch {
        // Not a TypeScript source: the .js itself.
      }
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    const filename = fileURLToPath(url);
    const { code } = transformSync(readFileSync(filename, 'utf8'), { ...SWC_OPTIONS, filename });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
