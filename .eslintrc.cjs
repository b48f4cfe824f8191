/**
 * The boundaries docs/architecture.md draws, held by the lint: a file that imports across one
 * fails it (scripts/lint-boundaries.test.ts shows each rule failing).
 */
const FLOWS = ['blog', 'consent', 'enquiry']
/**
 * How server.ts and server/ may name a module of app/: relative, through the `~/` alias, or from the
 * root (tsconfig's baseUrl). Only types may be imported so: the server takes the app's modules from
 * the Remix build, and a value imported here would be bundled into it as a second copy.
 */
const APP_FROM_SERVER = ['app/**', './app/**', '../app/**', '~/**']
const APP_FROM_SERVER_MESSAGE =
  'The server imports only types from app/: it takes the app itself from the Remix build (its entry module), so the process holds one copy.'
const BOUNDARIES = [
  {
    target: './app',
    from: ['./server', './server.ts', './mocks', './tests', './scripts'],
    message: 'The app reaches the server only through the load context, and never mocks or tests.',
  },
  {
    target: './app/lib',
    from: ['./app/routes', './app/components', ...FLOWS.map((flow) => `./app/${flow}`)],
    message: 'app/lib holds only what several flows share: it imports no flow, component or route.',
  },
  {
    target: './app/images',
    from: ['./app/routes', './app/components', ...FLOWS.map((flow) => `./app/${flow}`)],
    message: 'app/images makes post images for the blog: it imports no flow, component or route.',
  },
  ...FLOWS.map((flow) => ({
    target: `./app/${flow}`,
    from: FLOWS.filter((other) => other !== flow).map((other) => `./app/${other}`),
    message: 'A flow keeps to its own home; what two flows share belongs in app/lib.',
  })),
  {
    target: './app',
    from: './app/routes',
    message: 'Routes are entry points: nothing imports a route.',
  },
  {
    target: './app/content',
    from: ['./app/components', './app/routes'],
    message: 'Content is data: it imports no components.',
  },
]

/** @type {import('eslint').Linter.Config} */
module.exports = {
  root: true,
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
  env: { browser: true, node: true, es2022: true },
  ignorePatterns: [
    'build/',
    'public/build/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    'reports/',
  ],
  extends: ['eslint:recommended'],
  overrides: [
    {
      files: ['**/*.{js,jsx,ts,tsx}'],
      plugins: ['react', 'jsx-a11y'],
      extends: [
        'plugin:react/recommended',
        'plugin:react/jsx-runtime',
        'plugin:react-hooks/recommended',
        'plugin:jsx-a11y/recommended',
      ],
      settings: {
        react: { version: 'detect' },
        formComponents: ['Form'],
        linkComponents: [
          { name: 'Link', linkAttribute: 'to' },
          { name: 'NavLink', linkAttribute: 'to' },
        ],
      },
      rules: { 'react/prop-types': 'off' },
    },
    {
      files: ['**/*.{ts,tsx}'],
      plugins: ['@typescript-eslint', 'import'],
      parser: '@typescript-eslint/parser',
      settings: {
        'import/internal-regex': '^~/',
        'import/resolver': {
          node: { extensions: ['.ts', '.tsx'] },
          typescript: { alwaysTryTypes: true },
        },
      },
      extends: [
        'plugin:@typescript-eslint/recommended',
        'plugin:import/recommended',
        'plugin:import/typescript',
      ],
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        // noUncheckedIndexedAccess makes a checked `!` the honest way to say "this exists".
        '@typescript-eslint/no-non-null-assertion': 'off',
        // Block-scoped functions are standard since ES2015.
        'no-inner-declarations': 'off',
        'import/order': [
          'error',
          {
            groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
            'newlines-between': 'always',
            alphabetize: { order: 'asc', caseInsensitive: true },
          },
        ],
      },
    },
    {
      // Tests beside the code may use the fixtures and helpers in mocks/ and tests/.
      files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'server.ts'],
      excludedFiles: ['**/*.test.{ts,tsx}'],
      rules: { 'import/no-restricted-paths': ['error', { zones: BOUNDARIES }] },
    },
    {
      files: ['server/**/*.ts', 'server.ts'],
      excludedFiles: ['**/*.test.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: APP_FROM_SERVER, allowTypeImports: true, message: APP_FROM_SERVER_MESSAGE },
            ],
          },
        ],
        // The same paths in an `import()`, which esbuild would bundle as well.
        'no-restricted-syntax': [
          'error',
          {
            selector: 'ImportExpression[source.value=/^((\\.{1,2}\\/)*app|~)\\//]',
            message: APP_FROM_SERVER_MESSAGE,
          },
        ],
      },
    },
  ],
}
