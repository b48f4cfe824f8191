/**
 * Marks a test as one of the browser smoke of `npm test`: the few that show, with JavaScript on and
 * off, that pages render, hydrate and take an enquiry. `npm run validate` runs the others
 * (docs/testing.md); each runs once.
 */
export const SMOKE = { tag: '@smoke' }
