/**
 * Remix v3's future flags, set explicitly; the tests' one-route apps import them from here, so
 * a component test renders with the flags the site is built with.
 * @satisfies {import('@remix-run/node').ServerBuild['future']}
 */
export const future = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: true,
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  postcss: true,
  // Remix's own flag targets Tailwind 3; Tailwind 4 runs through PostCSS.
  tailwind: false,
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  future,
}
