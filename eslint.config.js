// ESLint, flat config: `npm run lint`. Formatting belongs to Prettier (`npm run format:check`);
// eslint-config-prettier, last, turns off every rule that would argue with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TYPESCRIPT = ['**/*.ts', '**/*.tsx'];
const FRONT_ENDS = ['admin-ui/**/*.{ts,tsx}', 'public-site/**/*.{ts,tsx}'];

/** The architecture (docs: DESIGN §2 and §4), as import-x/no-restricted-paths zones over resolved paths. */
const ONLY_CONTRACTS = 'A front end imports from the server side only the contracts (`@relining/contracts`).';
const boundaries = {
  server: [
    { target: './src/common', from: './src/modules', message: 'common/ is cross-cutting: it imports no domain module.' },
    { target: './src/database', from: './src/modules', message: 'database/ imports no domain module (modules hand it their data).' },
  ],
  frontEnds: ['./admin-ui', './public-site'].flatMap((target) => [
    { target, from: './src', message: ONLY_CONTRACTS },
    { target, from: './test', message: ONLY_CONTRACTS },
  ]),
};

// Paths are resolved as TypeScript does (`./x.js` is ./x.ts), so a zone sees the file an import names.
const importSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
};

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/dist-ssr/',
    '**/node_modules/',
    'coverage/',
    '.data/',
    'test-results/',
    'playwright-report/',
    'bench/results/',
    'test/fixtures/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (a positional parameter, a destructured field left out).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Off: every control character in our patterns is deliberate (NUL and C0 refused in stored text, header injection).
      'no-control-regex': 'off',
    },
  },
  // Benchmarks also hand functions to the browser (page.evaluate), which see its globals.
  { files: ['bench/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },

  // Type-aware rules, the affordable few: promises that are forgotten or passed where nothing awaits them.
  {
    files: TYPESCRIPT,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // JSX handlers may be async (about 30 onClick/onSubmit in the front ends): React ignores what a handler returns.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
    },
  },

  {
    ...reactHooks.configs.flat.recommended,
    files: FRONT_ENDS,
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Off: a React Compiler performance hint, not a defect. Our effects set state on purpose (a fetch's
      // loading state, a reset when a prop changes, the hydration flag); rewriting them would change behaviour.
      'react-hooks/set-state-in-effect': 'off',
    },
  },

  // Boundaries between folders; the import graph of src/modules is checked for cycles by test/project/architecture.test.ts.
  {
    files: ['src/common/**', 'src/database/**'],
    ignores: ['**/*.spec.ts'], // a test may exercise modules' DTOs through common/ (it is no runtime dependency)
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries.server }] },
  },
  {
    files: ['admin-ui/**', 'public-site/**'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries.frontEnds }] },
  },

  prettier,
]);
