// ESLint for the whole tree (docs/development.md, "Lint and format"): typescript-eslint's recommended rules
// everywhere, its type-aware promise rules on the server code (where a forgotten await loses an effect), and the
// layers of docs/where-to-find-things.md as import rules, so a wrong import fails at once. Formatting is Prettier's
// (eslint-config-prettier turns off every rule it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports a layer must not make, as no-restricted-imports patterns with the reason shown to whoever writes one. */
const layer = (message, ...group) => ({ group, message });

const APPS = layer(
  'A front end or a library never imports an app: share through libs/.',
  '**/apps/**',
  '@mandi/api',
  '@mandi/worker',
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'libs/database/src/generated/**',
      'tools/firebase/**',
      'var/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks what is unused on purpose (a destructured rest, a callback's first argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests build odd inputs on purpose (JSON of any shape, forged bodies) and read answers as `any`.
    files: [
      '**/*.spec.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      '**/testing/**',
      '**/*.testing.ts',
      'e2e/**',
      'bench/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Plain ES5 scripts served into pages as they are, with no build (the Google sign-in shim of the journeys, the
    // Razorpay sandbox's checkout): `var self = this` is how they keep their object inside callbacks.
    files: ['e2e/support/gapi-shim.js', 'tools/razorpay-sandbox/checkout.js'],
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },
  {
    // Type-aware where it pays: the API, the worker and the libraries they share, whose promises carry effects.
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/testing/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // The layers (docs/where-to-find-things.md, "Layers").
  {
    files: ['libs/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(
              'libs/domain is the rules alone: it imports no other package of ours.',
              '@mandi/*',
              '**/apps/**',
              '**/libs/*/src/**',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['libs/**', 'storefront/**', 'admin-ui/**'],
    ignores: ['libs/domain/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APPS] }] },
  },
  {
    files: ['apps/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(
              'No app imports another: the API and the worker share through libs/ and the outbox.',
              '**/apps/worker/**',
              '**/worker/src/**',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/worker/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(
              'No app imports another: the API and the worker share through libs/ and the outbox.',
              '**/apps/api/**',
              '**/api/src/**',
            ),
          ],
        },
      ],
    },
  },
  prettier,
);
