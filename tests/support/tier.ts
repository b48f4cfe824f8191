/**
 * Stops a test that starts `what` in `npm test`, which sets TEST_TIER=everyday: the everyday tier
 * needs Node and a Chromium only. Such a test belongs to `npm run validate`, where a test file
 * goes by itself when it imports the module that starts it (scripts/test-tiers.js).
 */
export function validateTierOnly(what: string) {
  if (process.env.TEST_TIER === 'everyday') {
    throw new Error(`${what} runs in \`npm run validate\`, not in \`npm test\` (docs/testing.md)`)
  }
}
