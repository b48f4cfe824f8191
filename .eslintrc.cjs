/** @type {import('eslint').Linter.Config} */
module.exports = {
  root: true,
  extends: ['@remix-run/eslint-config', '@remix-run/eslint-config/node'],
  ignorePatterns: [
    'build/',
    'public/build/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
  ],
  rules: {
    'no-console': 'off',
  },
}
