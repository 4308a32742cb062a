// Jest loads globalSetup through require() without moduleNameMapper, so `../src/x.js` (our ESM import
// style) would not find `x.ts`. This hook retries such relative requests with `.ts`.
const Module = require('node:module');

const original = Module._resolveFilename;
Module._resolveFilename = function resolveWithTypeScript(request, parent, ...rest) {
  try {
    return original.call(this, request, parent, ...rest);
  } catch (error) {
    if (request.startsWith('.') && request.endsWith('.js') && parent?.filename?.endsWith('.ts')) {
      return original.call(this, request.replace(/\.js$/, '.ts'), parent, ...rest);
    }
    throw error;
  }
};
