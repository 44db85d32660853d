// One lint set-up for the whole repository. Besides the usual rules it enforces the package
// directions of ARCHITECTURE.md: core imports nothing of ours, web never imports server or
// bot, server never imports web source, and one web feature never imports another.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const packages = ['core', 'locales', 'web', 'tabs', 'bot', 'server'];

/** The feature a file of web/src/features belongs to, or null. */
function featureOf(file) {
  const match = /web\/src\/features\/([^/]+)\//.exec(file.replaceAll('\\', '/'));
  return match ? match[1] : null;
}

/**
 * Features of the web app do not import one another (issue 53): what two features share lives
 * in web/src/lib or web/src/components, and the app layer (web/src/app) puts features together.
 */
const noCrossFeatureImports = {
  meta: { type: 'problem', messages: { cross: 'Feature {{from}} may not import feature {{to}}: move what both need to web/src/lib or web/src/components, or compose them in web/src/app.' } },
  create(context) {
    const from = featureOf(context.filename);
    if (from === null) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = new URL(source.value, `file://${context.filename.replaceAll('\\', '/')}`).pathname;
      const to = featureOf(target);
      if (to !== null && to !== from) context.report({ node: source, messageId: 'cross', data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

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
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { chorus: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'chorus/no-cross-feature-imports': 'error' },
  },
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
