/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  postcss: true,
  // Remix's own flag targets Tailwind 3; Tailwind 4 runs through PostCSS.
  tailwind: false,
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
}
