// The server's own bundles beside Remix's build: the HTTP server (build/server/index.js) and the
// post sanitiser's worker thread (build/server/sanitize-worker.js). `node scripts/server-bundles.js`
// builds both (`npm run build`); `npm run dev` runs server.ts through tsx and keeps the worker built.
// The server bundles no module of app/: it takes the app from Remix's build. The worker is a thread
// with modules of its own, so it bundles the app's sanitiser.
import url from 'node:url'

import * as esbuild from 'esbuild'

const WORKER_ENTRY = { 'sanitize-worker': 'app/blog/sanitize.server.ts' }

/** @type {import('esbuild').BuildOptions} */
export const OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  outdir: 'build/server',
  logLevel: 'info',
}

export function buildServerBundles() {
  return esbuild.build({ ...OPTIONS, entryPoints: { index: 'server.ts', ...WORKER_ENTRY } })
}

/** Builds the worker now and again on every change; dispose() the result to stop. */
export async function watchWorkerBundle() {
  const context = await esbuild.context({ ...OPTIONS, entryPoints: WORKER_ENTRY })
  await context.watch()
  return context
}

if (process.argv[1] && url.pathToFileURL(process.argv[1]).href === import.meta.url) {
  await buildServerBundles()
}
