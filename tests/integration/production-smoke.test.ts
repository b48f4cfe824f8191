/**
 * The Dockerfile's runtime stage replayed without a Docker engine (tests/support/image-replay.ts),
 * started with the image's own CMD. Catches a runtime need for a dev dependency, a file
 * missing from the image, a wrong start command and a dependency patch the image goes without.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMockBackend, type MockBackend } from '../../mocks/backend'
import { hostLibrary, readRuntimeStage, replayImage } from '../support/image-replay'
import { productionEnv, spawnListening } from '../support/stack'

/** A fixture post whose image is a camera photo, so its page offers variants. */
const CAMERA_POST = 'ai-voice-agents-for-tradespeople'

const stage = readRuntimeStage()
let image: ReturnType<typeof replayImage>
let imageDir: string
let backend: MockBackend

beforeAll(async () => {
  image = replayImage(stage)
  imageDir = image.dir
  backend = await startMockBackend({ quiet: true })
}, 180_000)

afterAll(async () => {
  await backend?.close()
  image?.remove()
})

describe('the production image', () => {
  it('copies only production dependencies, the build and public files', () => {
    expect(stage.cmd[0]).toBe('node')
    expect(fs.existsSync(path.join(imageDir, 'node_modules', '@remix-run', 'node'))).toBe(true)
    // sharp's libvips, prebuilt for the image's platform, comes with the production install.
    expect(fs.existsSync(path.join(imageDir, 'node_modules', '@img', 'sharp-linux-x64'))).toBe(true)
    expect(fs.existsSync(path.join(imageDir, 'node_modules', 'vitest'))).toBe(false)
    expect(fs.existsSync(path.join(imageDir, 'node_modules', '@remix-run', 'dev'))).toBe(false)
    expect(fs.existsSync(path.join(imageDir, 'node_modules', 'typescript'))).toBe(false)
    expect(fs.existsSync(path.join(imageDir, 'app'))).toBe(false)
    expect(fs.existsSync(path.join(imageDir, '.env'))).toBe(false)
  })

  it('holds turbo-stream patched against CVE-2026-34077, which single fetch encodes with', async () => {
    // The server's copy, resolved as @remix-run/server-runtime resolves it in the image.
    const requireFromImage = createRequire(
      path.join(imageDir, 'node_modules/@remix-run/server-runtime/package.json'),
    )
    const entry = requireFromImage.resolve('turbo-stream')
    expect(entry).toBe(path.join(imageDir, 'node_modules/turbo-stream/dist/turbo-stream.js'))
    for (const file of ['flatten.js', 'unflatten.js', 'turbo-stream.mjs']) {
      const source = fs.readFileSync(path.join(path.dirname(entry), file), 'utf8')
      expect(source, file).toContain('CVE-2026-34077')
    }
    // Unpatched, this nesting overflows the stack.
    let deep: unknown = 'leaf'
    for (let level = 0; level < 100_000; level++) deep = { child: deep }
    const { encode } = requireFromImage('turbo-stream') as typeof import('turbo-stream')
    const encoded = await new Response(encode(deep)).text()
    expect(encoded.startsWith('[{"_1":2},"child",{"_1":3}')).toBe(true)
  })

  it('starts with its CMD, passes its HEALTHCHECK and serves pages', async () => {
    const [command, ...args] = stage.cmd
    // The image's own settings, but for where it listens: the test's free port.
    const startEnv = (port: number) => ({
      ...stage.env,
      ...productionEnv(port),
      LD_PRELOAD: hostLibrary(stage.env.LD_PRELOAD),
      BACKEND_URL: backend.url,
    })
    const {
      child: server,
      port,
      output,
      exited,
    } = await spawnListening(
      (port) =>
        spawn(command!, args, {
          cwd: imageDir,
          env: startEnv(port),
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      '"msg":"server listening"',
    )
    const env = startEnv(port)
    try {
      const base = `http://127.0.0.1:${port}`
      await expect
        .poll(
          async () => {
            const check = spawnSync(stage.healthcheck[0]!, stage.healthcheck.slice(1), {
              env,
              timeout: 3000,
            })
            return check.status
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(0)
      for (const route of ['/', '/blog', '/privacy-policy', '/terms-of-service', '/contact']) {
        const response = await fetch(`${base}${route}`)
        expect(response.status, `${route}\n${output()}`).toBe(200)
        expect(await response.text()).toContain('</html>')
      }
      const html = await (await fetch(`${base}/`)).text()
      const asset = /(\/build\/[^"]+\.css)/.exec(html)?.[1]
      expect((await fetch(`${base}${asset}`)).status).toBe(200)
      // sharp's prebuilt binary came with the production install, under the allocator its docs advise.
      const post = await (await fetch(`${base}/blog/${CAMERA_POST}`)).text()
      const variant = /srcSet="(\/images\/[^" ]+\.avif) /i.exec(post)?.[1]
      const image = await fetch(`${base}${variant}`)
      expect(image.status, output()).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/avif')
      expect(fs.readFileSync(`/proc/${server.pid}/maps`, 'utf8')).toContain('libjemalloc')
    } finally {
      server.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 60_000)
})
