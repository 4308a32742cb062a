// Loaded (`--import`) into a worker thread whose code runs from its TypeScript source, as under Jest:
// the worker compiles each `.ts` module as it is imported, with the SWC transform Jest uses, and the
// sources' `./x.js` imports find `./x.ts`. The compiled server (dist/) never loads this file.
// Node 22.15+ runs the hooks in the worker's own thread (module.registerHooks); Node 20 (still able to
// run the test suite) gets the same two hooks as an off-thread loader (module.register).
import * as nodeModule from 'node:module';
import { resolveTypeScriptSource, loadTypeScriptSource } from './typescript-source-loader.mjs';

if (typeof nodeModule.registerHooks === 'function') {
  nodeModule.registerHooks({
    resolve: resolveTypeScriptSource,
    load: loadTypeScriptSource,
  });
} else {
  nodeModule.register(new URL('./typescript-source-loader.mjs', import.meta.url));
}
