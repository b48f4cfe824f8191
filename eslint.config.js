import js from '@eslint/js'
import react from '@eslint-react/eslint-plugin'
import { defineConfig, globalIgnores } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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

/**
 * eslint-plugin-react's recommended rules that @eslint-react's recommended set leaves out (that plugin
 * replaced it: eslint-plugin-react 7.37 fails on ESLint 10). Its rules with no counterpart at all
 * are held by TypeScript (duplicate props, undefined components, isMounted, a render without
 * return), by ESLint itself (it counts a JSX name as a use of its variable), or by JSX_SYNTAX below.
 */
const REACT_RULES = {
  '@eslint-react/no-missing-component-display-name': 'error',
  '@eslint-react/dom-no-unsafe-target-blank': 'error',
  '@eslint-react/dom-no-unknown-property': 'error',
}

/**
 * Recommended rules the code breaks today, left out until it is changed: effects that set state
 * (the consent banner, the consent dialog, the enquiry form, the blog's pending message), sanitised
 * post HTML, JSON-LD and the root's inline script written with dangerouslySetInnerHTML, refs not
 * named `…Ref`, list keys from indexes in the legal documents' fixed blocks, and a state setter not
 * named after its state.
 */
const NOT_YET = {
  'react-hooks/set-state-in-effect': 'off',
  '@eslint-react/dom-no-dangerously-set-innerhtml': 'off',
  '@eslint-react/naming-convention-ref-name': 'off',
  '@eslint-react/no-array-index-key': 'off',
  '@eslint-react/use-state': 'off',
}

/** The hook and compiler rules both plugins have are taken from React's own eslint-plugin-react-hooks. */
const REACT_HOOKS_DUPLICATES = Object.fromEntries(
  Object.keys(react.configs['disable-conflict-eslint-plugin-react-hooks'].rules).map((rule) => [
    rule.replace('react-hooks/', '@eslint-react/'),
    'off',
  ]),
)

/** eslint-plugin-react's no-unescaped-entities and no-string-refs, which @eslint-react lacks. */
const JSX_SYNTAX = [
  {
    selector: 'JSXText[raw=/[>"\'}]/]',
    message:
      'Escape `>`, `"`, `\'` and `}` in JSX text (`&gt;`, `&quot;`, `&apos;`, `{"}"}`): a stray one is usually a typo in the markup.',
  },
  {
    selector: 'JSXAttribute[name.name="ref"] > Literal',
    message: 'String refs are legacy React: pass a ref object or a callback.',
  },
]

export default defineConfig([
  globalIgnores([
    'build/',
    'public/build/',
    'test-results/',
    'playwright-report/',
    'reports/',
    // The floor's build output (bench/floor, `npm run lighthouse`).
    'bench/floor/build/',
    'bench/floor/public/',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser, ...globals.node },
    },
  },
  js.configs.recommended,
  {
    // Recommended before ESLint 9 and still enforced: Prettier fixes these when it runs, but only the
    // lint is a check.
    rules: { 'no-extra-semi': 'error', 'no-mixed-spaces-and-tabs': 'error' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    rules: { 'no-inner-declarations': 'error' },
  },
  {
    files: ['**/*.{js,jsx,ts,tsx}'],
    extends: [
      jsxA11y.configs.recommended,
      react.configs['recommended-typescript'],
      reactHooks.configs.flat['recommended-latest'],
    ],
    // The React-19-only rules (`use` for useContext, ref as a prop) stay quiet on 18.
    settings: { 'react-x': { version: '18.3.1' } },
    rules: {
      ...REACT_HOOKS_DUPLICATES,
      ...REACT_RULES,
      ...NOT_YET,
      'no-restricted-syntax': ['error', ...JSX_SYNTAX],
    },
  },
  {
    // Playwright's fixtures hand each fixture a callback named `use`, which React 19's `use` makes the
    // hooks rule read as a hook; no React runs there.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      tseslint.configs.recommended,
      importX.flatConfigs.recommended,
      importX.flatConfigs.typescript,
    ],
    settings: {
      'import-x/internal-regex': '^~/',
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ alwaysTryTypes: true }),
        createNodeResolver({ extensions: ['.ts', '.tsx'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // noUncheckedIndexedAccess makes a checked `!` the honest way to say "this exists".
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Recommended in typescript-eslint 5 and still enforced (8 moved them to its stylistic set, or
      // leaves them to the compiler).
      '@typescript-eslint/adjacent-overload-signatures': 'error',
      '@typescript-eslint/no-empty-function': 'error',
      '@typescript-eslint/no-inferrable-types': 'error',
      'no-class-assign': 'error',
      'no-with': 'error',
      'import-x/order': [
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
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }] },
  },
  {
    files: ['server/**/*.ts', 'server.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: APP_FROM_SERVER, allowTypeImports: true, message: APP_FROM_SERVER_MESSAGE },
          ],
        },
      ],
      // The same paths in an `import()`, which esbuild would bundle as well. The server holds no
      // JSX, so JSX_SYNTAX is not needed beside it.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^((\\.{1,2}\\/)*app|~)\\//]',
          message: APP_FROM_SERVER_MESSAGE,
        },
      ],
    },
  },
])
