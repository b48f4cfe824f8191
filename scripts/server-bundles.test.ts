import path from 'node:path'

import * as esbuild from 'esbuild'
import { describe, expect, it } from 'vitest'

import { OPTIONS } from './server-bundles.js'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The source files esbuild puts into the bundle of `entry`. */
async function bundledFiles(entry: string) {
  const { metafile } = await esbuild.build({
    ...OPTIONS,
    absWorkingDir: ROOT,
    entryPoints: [entry],
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return Object.keys(metafile.inputs)
}

describe('the server bundle', () => {
  it('holds no module of app/: the process runs the one copy in the Remix build', async () => {
    const files = await bundledFiles('server.ts')
    expect(files).toContain('server/pages.ts')
    expect(files.filter((file) => file.startsWith('app/'))).toEqual([])
  })
})
