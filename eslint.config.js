// The architecture of README.md ("How it is built"), checked: which folder may import which.
// Paths are resolved (not matched as text), so `../../storage/x.js` and `../storage/x.js` are
// the same import. See docs/adr/0001-one-package-layered-folders.md.
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'

const NODE_BUILTINS = {
  group: ['node:*'],
  message: 'pure code: no Node built-ins (pass I/O in from a driver)',
}

/** `from` folders a `target` folder may not import, with the reason shown by the linter. */
const zones = [
  // core: pure, imports nothing outside itself.
  {
    target: './src/core',
    from: './src',
    except: ['./core'],
    message: 'core is pure and imports nothing outside src/core',
  },
  {
    target: './src/client',
    from: './src',
    except: ['./core', './client'],
    message: 'the client for our own server imports only core',
  },
  {
    target: ['./src/sim/*.ts', './src/sim/!(node)/**'],
    from: './src',
    except: ['./core', './sim'],
    message: 'the simulator imports only core (its drivers live in sim/node)',
  },
  {
    target: './src/sim/node',
    from: [
      './src/server',
      './src/cli',
      './src/probe',
      './src/alerts',
      './src/mock-server',
      './src/storage/duckdb',
      './src/storage/memory',
      './src/storage/clickhouse',
    ],
    message: 'simulator drivers write through the store port, never a concrete store',
  },
  {
    target: './src/storage',
    from: [
      './src/client',
      './src/server',
      './src/cli',
      './src/probe',
      './src/sim',
      './src/ingest',
      './src/alerts',
      './src/config',
      './src/mock-server',
    ],
    message: 'storage imports only core (and its own driver)',
  },
  {
    target: './src/config',
    from: './src',
    except: ['./core', './config'],
    message: 'config imports only core',
  },
  {
    target: './src/ingest',
    from: [
      './src/client',
      './src/server',
      './src/cli',
      './src/probe',
      './src/sim',
      './src/alerts',
      './src/mock-server',
      './src/storage/duckdb',
      './src/storage/memory',
      './src/storage/clickhouse',
    ],
    message: 'ingest stores through the store port; it never picks a concrete store',
  },
  {
    target: './src/alerts',
    from: [
      './src/client',
      './src/server',
      './src/cli',
      './src/probe',
      './src/sim',
      './src/ingest',
      './src/mock-server',
      './src/storage/duckdb',
      './src/storage/memory',
      './src/storage/clickhouse',
    ],
    message: 'the alert service reads through the store ports; the composition root picks stores',
  },
  {
    // server/main.ts is the server's composition root: the one file that opens concrete stores.
    target: ['./src/server/routes/**', './src/server/!(main).ts'],
    from: [
      './src/client',
      './src/cli',
      './src/probe',
      './src/mock-server',
      './src/storage/duckdb',
      './src/storage/memory',
      './src/storage/clickhouse',
    ],
    message: 'the server sees the store port only; concrete stores are created in server/main.ts',
  },
  {
    // The twin (sim/twin) is pure and reads through the store port: GET /api/whatif runs it
    // (ADR 0136). The rest of the simulator stays out of the server.
    target: ['./src/server/routes/**', './src/server/!(main).ts'],
    from: ['./src/sim/*.ts', './src/sim/!(twin)/**'],
    message: 'the server may run the fitted twin (sim/twin), not the simulator',
  },
  {
    target: './src/probe',
    from: './src',
    except: ['./core', './probe', './config', './client'],
    message: 'the probe imports only core, config and the client for our own server',
  },
  {
    target: './src/mock-server',
    from: './src',
    except: ['./core', './mock-server', './client'],
    message: 'the mock server imports only core and the client for our own server',
  },
  {
    target: './web',
    from: './src',
    except: ['./core'],
    message: 'the dashboard talks to the server over HTTP and imports only core',
  },
]

/**
 * One home for shared test code (ADR 0175): a `testing/` folder of the package it serves, or
 * `src/testing/` for harnesses that start several parts. `test/` holds tests only, so nothing in
 * src/ imports from it, and only tests and other testing code import a `testing/` folder.
 */
const TEST_TREE_ZONE = {
  target: ['./src', './web'],
  from: './test',
  message: 'test/ holds tests only: shared test code lives in a testing/ folder (ADR 0175)',
}
const TESTING_ZONE = {
  target: ['./src', './web'],
  from: ['./src/**/testing/**', './web/**/testing/**'],
  message: 'testing/ folders serve tests, benchmarks and scripts, never the product (ADR 0175)',
}
const TEST_FILES = ['**/*.test.ts', '**/testing/**', 'test/**']

const ADAPTERS = ['./src/storage/duckdb', './src/storage/memory', './src/storage/clickhouse']
/** Tests may build the concrete stores (the memory store is the supported test double). */
const testZones = [
  ...zones.map((z) =>
    Array.isArray(z.from) ? { ...z, from: z.from.filter((f) => !ADAPTERS.includes(f)) } : z
  ),
  TEST_TREE_ZONE,
]

const BASE_SYNTAX = [
  { selector: 'ExportAllDeclaration', message: 'list exported names one by one' },
  { selector: 'ExportDefaultDeclaration', message: 'named exports only' },
]

/** Ideas with one home (issue 28): a second definition anywhere else is an error. */
const ONE_HOME = [
  ['parseDurationMs', 'src/core/model/duration.ts (the one duration grammar)'],
  ['parseDurationUs', 'src/core/model/duration.ts (the one duration grammar)'],
  ['resolveWindowText', 'src/core/model/window.ts (the one since/from/to resolver)'],
  ['DEFAULT_DB_PATH', 'src/config/defaults.ts (the one default database path)'],
]
const ONE_HOME_FILES = [
  'src/core/model/duration.ts',
  'src/core/model/window.ts',
  'src/config/defaults.ts',
]
const ONE_HOME_SYNTAX = ONE_HOME.flatMap(([name, home]) =>
  ['FunctionDeclaration', 'VariableDeclarator'].map((node) => ({
    selector: `${node}[id.name='${name}']`,
    message: `${name} is defined once, in ${home}: import it`,
  }))
)

const DRIVER_PATHS = [
  { name: '@duckdb/node-api', message: 'only src/storage/duckdb talks to DuckDB' },
  { name: '@clickhouse/client', message: 'only src/storage/clickhouse talks to ClickHouse' },
  { name: 'chdb', message: 'only src/storage/clickhouse talks to ClickHouse' },
]

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'coverage/**',
      'test-results/**',
      'src/ingest/otlp/generated/**',
      'web/dist/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['web/vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      eqeqeq: ['error', 'smart'],
      curly: ['error', 'all'],
      'no-console': 'error',
      'no-restricted-syntax': ['error', ...BASE_SYNTAX, ...ONE_HOME_SYNTAX],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...zones, TEST_TREE_ZONE, TESTING_ZONE] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Driver packages stay inside their adapter's folder.
    files: ['src/**', 'web/**'],
    ignores: ['src/storage/duckdb/**', 'src/storage/clickhouse/**'],
    rules: { 'no-restricted-imports': ['error', { paths: DRIVER_PATHS }] },
  },
  {
    files: ['src/core/**', 'src/sim/**'],
    ignores: ['src/sim/node/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: DRIVER_PATHS, patterns: [NODE_BUILTINS] }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'pass a clock in' },
        { object: 'Math', property: 'random', message: 'pass a seeded RNG in' },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: testZones }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // A module in test/ that is not a test is shared test code in the wrong home.
    files: ['test/**/*.ts', 'test/**/*.js', 'test/**/*.mjs'],
    ignores: ['test/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message: 'test/ holds tests only: move shared test code to a testing/ folder (ADR 0175)',
        },
      ],
    },
  },
  {
    files: ['web/scripts/**', 'scripts/**/*.mjs'],
    languageOptions: { globals: { URL: 'readonly', console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['src/cli/**', 'src/**/main.ts', 'scripts/**', 'bench/**', 'test/**', 'web/scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The homes themselves.
    files: ONE_HOME_FILES,
    rules: { 'no-restricted-syntax': ['error', ...BASE_SYNTAX] },
  },
  {
    // Tools that require a default export.
    files: ['vitest.config.ts', 'web/vite.config.ts', 'eslint.config.js', 'knip.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  }
)
