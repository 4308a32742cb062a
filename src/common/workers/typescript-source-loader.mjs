// The TypeScript-source hooks of typescript-source-hooks.mjs, written so they serve both the
// synchronous module.registerHooks (Node 22.15+) and the asynchronous loader of module.register
// (Node 20): `resolve` and `load` are the loader's exports, and work unchanged when their next hook
// answers synchronously.
import { readFileSync } from 'node:fs';
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

/** A relative `./x.js` imported from a `.ts` module is `./x.ts` when that exists. */
export function resolveTypeScriptSource(specifier, context, nextResolve) {
  if (RELATIVE_JS.test(specifier) && context.parentURL?.endsWith('.ts')) {
    const typescript = `${specifier.slice(0, -3)}.ts`;
    try {
      const resolved = nextResolve(typescript, context);
      // The async loader's next hook answers a promise: fall back to the .js when it rejects.
      return typeof resolved?.then === 'function' ? resolved.catch(() => nextResolve(specifier, context)) : resolved;
    } catch {
      // Not a TypeScript source: the .js itself.
    }
  }
  return nextResolve(specifier, context);
}

/** A `.ts` module is compiled with the SWC transform Jest uses. */
export function loadTypeScriptSource(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...SWC_OPTIONS, filename });
  return { format: 'module', source: code, shortCircuit: true };
}

export const resolve = resolveTypeScriptSource;
export const load = loadTypeScriptSource;
