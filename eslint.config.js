// One lint set-up for the whole repository. Besides the usual rules it enforces the package
// directions of ARCHITECTURE.md: core imports nothing of ours, web never imports server or
// bot, server never imports web source.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const packages = ['core', 'locales', 'web', 'tabs', 'bot', 'server'];

/** Restricts a package to importing only the listed packages of ours. */
function allowOnly(pkg, allowed) {
  const forbidden = packages.filter((p) => p !== pkg && !allowed.includes(p));
  return {
    files: [`${pkg}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden.map((p) => ({
              group: [`@chorus/${p}`, `@chorus/${p}/*`, `**/${p}/src/**`, `**/${p}/dist/**`],
              message: `${pkg} may not import ${p} (see ARCHITECTURE.md, "what may import what").`,
            })),
            {
              group: ['**/tests/**'],
              message: `${pkg} may not import the test suites.`,
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      '.chorus/**',
      'test-results/**',
      'playwright-report/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through the validated config module.',
        },
      ],
    },
  },
  allowOnly('core', []),
  allowOnly('locales', []),
  allowOnly('web', ['core', 'locales']),
  allowOnly('tabs', ['web', 'core', 'locales']),
  allowOnly('bot', ['core', 'locales']),
  allowOnly('server', ['core', 'locales', 'bot']),
  {
    // Storage throws a SecurityError in a third-party frame (a Teams tab): web and tabs reach
    // localStorage, sessionStorage and document.cookie only through web/src/lib/safe-storage.ts.
    files: ['web/src/**/*.{ts,tsx}', 'tabs/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/safe-storage.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...['localStorage', 'sessionStorage'].map((name) => ({ name, message: 'Use web/src/lib/safe-storage.ts: storage can throw.' }))],
      'no-restricted-properties': [
        'error',
        ...['localStorage', 'sessionStorage', 'cookie'].map((property) => ({ property, message: 'Use web/src/lib/safe-storage.ts: storage can throw.' })),
      ],
    },
  },
  {
    // The config modules are the one place that reads the environment.
    files: ['server/src/config.ts', 'playwright.config.ts', 'tests/**/*.ts', 'scripts/**/*.ts', 'server/src/test/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
