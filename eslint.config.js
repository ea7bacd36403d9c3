// ESLint over the whole repository (`npm run lint`, and one check of `npm test`). What it
// enforces is the part of ARCHITECTURE.md a reviewer would otherwise have to remember: which
// code may import which (zones, no cycles), the rules of hooks, accessible markup, and the
// TypeScript mistakes the compiler lets through.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const API = 'apps/api/src';

/** The directory entries of a folder of this repository (with `dirs`, its folders only). */
const entriesOf = (folder, { dirs = false } = {}) =>
  readdirSync(new URL(`./${folder}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => !dirs || entry.isDirectory())
    .map((entry) => entry.name);

/** Every web feature folder: each may import only itself, lib and components. */
const features = entriesOf(`${WEB}/features`, { dirs: true });

/** Every API module folder: each is entered by its index.ts only (ARCHITECTURE.md rule 14). */
const apiModules = entriesOf(`${API}/modules`, { dirs: true });
/** Everything in the API's source but its modules: the app, plugins, lib, ledger, db, i18n. */
const apiOutsideModules = entriesOf(API)
  .filter((name) => name !== 'modules')
  .map((name) => `./${API}/${name}`);

/** ARCHITECTURE.md "Dependencies run one way": shared ← api/web; lib/components ← features ← routes. */
const zones = [
  {
    target: './packages/shared',
    from: './apps',
    message: 'packages/shared is used by both apps and imports neither.',
  },
  {
    target: './apps/api',
    from: './apps/web',
    message: 'The API never imports the web app; share through packages/shared.',
  },
  {
    target: './apps/web',
    from: './apps/api',
    message: 'The web app never imports the API; share through packages/shared.',
  },
  {
    target: [`./${WEB}/lib`, `./${WEB}/components`],
    from: [`./${WEB}/features`, `./${WEB}/routes`],
    message: 'lib and components are below features and routes: pass what they need as props or arguments.',
  },
  {
    target: `./${WEB}/features`,
    from: `./${WEB}/routes`,
    message: 'Features are below routes: a route composes features, never the other way round.',
  },
  ...features.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to lib or components, or compose them in a route.',
  })),
  // API modules have a front door: from outside a module (another module, app.ts, the seeding)
  // only its index.ts is imported. Tests (apps/api/test) may import anything.
  ...apiModules.map((name) => ({
    target: [...apiOutsideModules, ...apiModules.filter((other) => other !== name).map((other) => `./${API}/modules/${other}`)],
    from: `./${API}/modules/${name}`,
    except: ['./index.ts'],
    message: `Import modules/${name} through its index.ts: export there what other code may use of it.`,
  })),
  {
    target: [`./${API}/plugins`, `./${API}/lib`],
    from: `./${API}/modules`,
    message: 'plugins and lib are below the modules: take what you need at registration or as an argument (app.ts passes it).',
  },
  {
    target: [`./${API}/ledger`, `./${API}/db`],
    from: `./${API}/modules`,
    message: 'The ledger and the database layer are below the modules and import none of them.',
  },
  {
    // The first-start seeding (src/demo/) calls the modules' public actions: it stands above them,
    // below only the server's start (start.ts), which runs it.
    target: [`./${API}/modules`, `./${API}/plugins`, `./${API}/lib`, `./${API}/ledger`, `./${API}/db`, `./${API}/app.ts`],
    from: `./${API}/demo`,
    message: 'The demo seeding stands above the modules: nothing below it imports it (start.ts runs it).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/routeTree.gen.ts',
      '.test-results/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'data/**',
      '**/tmp/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  // Syntax-only TypeScript rules. The type-aware set (recommendedTypeChecked) was measured at
  // about four times the CPU (57 s against 15 s on this repository): too slow for a check every
  // `npm test` runs on two cores; `tsc` already covers the types.
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks an argument or binding kept on purpose (a signature, a rest omit).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Type-only imports are erased (verbatimModuleSyntax) and cost no bytes; say so in the code.
      // `typeof import('…')` stays allowed: tests use it to type a module loaded late.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },

  // Import boundaries and cycles, everywhere.
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these the cycle check cannot read .ts/.tsx files and finds nothing.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // Type-only imports are skipped by this rule (they vanish at build); value and dynamic
      // imports count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
    },
  },

  // Node code: API, shared package, scripts, configs, browser journeys.
  {
    files: ['apps/api/**', 'packages/shared/**', 'scripts/**', '*.{js,mjs,ts}', 'apps/*/*.{js,mjs,ts}', 'apps/web/e2e/**'],
    languageOptions: { globals: { ...globals.node } },
  },

  // Input validation rejects control characters on purpose (NUL, C0, lone surrogates): there a
  // control character in a pattern is the point, not a slip.
  {
    files: ['packages/shared/src/**', 'apps/api/src/**'],
    rules: { 'no-control-regex': 'off' },
  },

  // The web app: browser globals, hooks, accessible markup.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [`${WEB}/**/*.tsx`],
    ...jsxA11y.flatConfigs.recommended,
  },
  // Mutations are hooks in the feature's api.ts (ARCHITECTURE rule 4): a page asks for an action
  // by name, and what it invalidates or caches afterwards is written once, beside the request.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: ['**/api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: "Mutations are hooks in the feature's api.ts (ARCHITECTURE rule 4).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },

  // Rooms a newcomer can live in (ARCHITECTURE.md): no source file over 400 lines, no function over
  // 80, counted as lines on the page. Tests, translation catalogues and generated code are exempt.
  // What was longer when the limits came is listed in eslint-suppressions.json and may only
  // shrink: a new long file or function fails, and a fixed one must leave the list
  // (`npx eslint . --prune-suppressions`), so the list only gets shorter.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/locales/**', '**/*.gen.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    // The translation catalogues (packages/shared/src/i18n: the API's English texts and one file
    // per other language; each web feature's English texts in its messages.ts) are data, one entry
    // per text, as long as the texts they translate; like the web app's locales/ they are exempt
    // rather than listed in eslint-suppressions.json.
    files: ['packages/shared/src/i18n/*.ts', 'apps/web/src/features/*/messages.ts'],
    rules: { 'max-lines': 'off' },
  },
);
