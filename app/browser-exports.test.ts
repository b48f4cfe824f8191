import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import * as esbuild from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * What a route module's browser build keeps: everything but `loader`, `action` and `headers`. A
 * `.server` module has nothing in the browser (the classic compiler empties it, Remix's Vite
 * plugin refuses the build), so none of these may use a value from one.
 */
const BROWSER_EXPORTS = new Set([
  'default',
  'Layout',
  'meta',
  'links',
  'handle',
  'shouldRevalidate',
  'ErrorBoundary',
  'HydrateFallback',
  'clientLoader',
  'clientAction',
])

const APP = path.resolve(import.meta.dirname)
const ROUTE_MODULES = [
  path.join(APP, 'root.tsx'),
  ...fs
    .readdirSync(path.join(APP, 'routes'))
    .flatMap((file) =>
      /\.tsx?$/.test(file) && !file.includes('.test.') ? [path.join(APP, 'routes', file)] : [],
    ),
]

/**
 * The `.server` modules whose values the route module's browser exports use: the route is
 * bundled as the browser would get it, each `.server` module standing for itself without side
 * effects, so it stays in the bundle only where a kept export uses one of its values.
 */
async function serverModulesInBrowserExports(file: string) {
  const bundle = (entry: { contents: string } | { entryPoints: string[] }) =>
    esbuild.build({
      ...('contents' in entry
        ? { stdin: { contents: entry.contents, resolveDir: path.dirname(file), loader: 'tsx' } }
        : entry),
      bundle: true,
      write: false,
      metafile: true,
      outdir: 'unused',
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      logLevel: 'silent',
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.jpg': 'empty' },
      plugins: [
        {
          name: 'server-modules-stand-alone',
          setup(build) {
            build.onResolve({ filter: /\.server(\.[jt]sx?)?$/ }, ({ path: imported }) => ({
              path: imported,
              namespace: 'server-module',
              sideEffects: false,
            }))
            build.onLoad({ filter: /.*/, namespace: 'server-module' }, () => ({
              contents: 'module.exports = {}',
            }))
            build.onResolve({ filter: /^~\// }, ({ path: imported, kind }) =>
              build.resolve(`./${imported.slice(2)}`, { resolveDir: APP, kind }),
            )
            // Packages are not read: only the app's own modules can import a `.server` one.
            build.onResolve({ filter: /^[^./~]/ }, ({ path: imported }) => ({
              path: imported,
              external: true,
            }))
          },
        },
      ],
    })
  // The module itself as the entry: its exports, `default` included.
  const all = await bundle({ entryPoints: [file] })
  const exported = Object.values(all.metafile.outputs).flatMap((output) => output.exports)
  const kept = exported.filter((name) => BROWSER_EXPORTS.has(name))
  const browser = await bundle({
    contents: kept.length ? `export { ${kept.join(', ')} } from ${JSON.stringify(file)}` : '',
  })
  return Object.values(browser.metafile.outputs).flatMap((output) =>
    Object.keys(output.inputs).filter((input) => input.startsWith('server-module:')),
  )
}

describe("what the browser keeps of a route module uses no value of a '.server' module", () => {
  it.each(ROUTE_MODULES.map((file) => [path.relative(APP, file), file]))(
    '%s',
    async (_name, file) => {
      expect(await serverModulesInBrowserExports(file)).toEqual([])
    },
  )

  it('finds a handle or a component that does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-exports-'))
    try {
      const route = path.join(dir, 'route.tsx')
      fs.writeFileSync(
        route,
        [
          "import { CACHE_CONTROL } from '~/lib/http-cache.server'",
          "import { getConfig } from '~/lib/config.server'",
          'export const handle = { cacheControl: CACHE_CONTROL.release }',
          'export const loader = () => getConfig()',
          'export default function Page() { return <p>{String(getConfig)}</p> }',
        ].join('\n'),
      )
      expect((await serverModulesInBrowserExports(route)).sort()).toEqual([
        'server-module:~/lib/config.server',
        'server-module:~/lib/http-cache.server',
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
