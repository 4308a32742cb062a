// Jest loads globalSetup through require() without moduleNameMapper, so `../src/x.js` (our ESM import
// style) would not find `x.ts`. This hook retries such relative requests with `.ts`, and reads the
// shared package (`@relining/contracts/x`) from its TypeScript source, as jest.config.mjs maps it:
// its built dist/ may be missing or stale while tests run.
const Module = require('node:module');
const path = require('node:path');

const CONTRACTS = '@relining/contracts/';
const contractsSource = path.resolve(__dirname, '../../packages/contracts/src');

const original = Module._resolveFilename;
Module._resolveFilename = function resolveWithTypeScript(request, parent, ...rest) {
  if (request.startsWith(CONTRACTS)) return original.call(this, path.join(contractsSource, `${request.slice(CONTRACTS.length)}.ts`), parent, ...rest);
  try {
    return original.call(this, request, parent, ...rest);
  } catch (error) {
    if (request.startsWith('.') && request.endsWith('.js') && parent?.filename?.endsWith('.ts')) {
      return original.call(this, request.replace(/\.js$/, '.ts'), parent, ...rest);
    }
    throw error;
  }
};
