/**
 * The floor: a bare Remix 2 app measured beside the site (docs/performance.md, "The floor"), built by
 * the same @remix-run/dev, classic compiler, with the site's future flags. Its output stays in this
 * folder: `remix build bench/floor`.
 */
import { future } from '../../remix.config.js'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: 'app',
  assetsBuildDirectory: 'public/floor-build',
  serverBuildPath: 'build/index.js',
  publicPath: '/floor-build/',
  serverModuleFormat: 'esm',
  // The page links the site's own built stylesheet: the floor builds no CSS of its own.
  postcss: false,
  tailwind: false,
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  future,
}
