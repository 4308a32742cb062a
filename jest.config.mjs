/** Jest in native ESM mode (NestJS 12 is ESM-only), with SWC transforming TypeScript. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

/**
 * ESM-only packages that CommonJS dependencies require() (e.g. @fastify/static → content-disposition).
 * Node can require() ES modules, but Jest's module registry does not, so Jest compiles these
 * few leaf packages to CommonJS when they are required.
 */
const ESM_REQUIRED_BY_CJS = ['content-disposition'];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The shared package from its TypeScript source, as tsc and Vite read it (its "@relining/source" export condition).
    '^@relining/contracts/(.*)$': '<rootDir>/packages/contracts/src/$1',
    // nestjs-pino keeps one logger per process; tests that read logs reset it (see test/support/test-app.ts).
    '^nestjs-pino/internal/(.*)$': '<rootDir>/node_modules/nestjs-pino/dist/esm/$1',
  },
  transform: {
    '^.+\\.ts$': swc,
    [`/node_modules/(${ESM_REQUIRED_BY_CJS.join('|')})/.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2022' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_REQUIRED_BY_CJS.join('|')})/)`],
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/packages/*/src/**/*.spec.ts',
    '<rootDir>/admin-ui/src/**/*.spec.ts',
    '<rootDir>/public-site/src/**/*.spec.ts',
    '<rootDir>/test/api/**/*.test.ts',
    '<rootDir>/test/security/**/*.test.ts',
    '<rootDir>/test/project/**/*.test.ts',
  ],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 2,
  testTimeout: 30_000,
};
