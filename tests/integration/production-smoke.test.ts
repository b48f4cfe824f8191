/**
 * The Dockerfile's runtime stage replayed without a Docker engine (tests/support/image-replay.ts),
 * started with the image's own CMD. Catches a runtime need for a dev dependency, a file
 * missing from the image, a wrong start command and a dependency patch the image goes without.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMockBackend, type MockBackend } from '../../mocks/backend'
import { uniqueEnquiry } from '../support/enquiry'
import { hostLibrary, readRuntimeStage, replayImage } from '../support/image-replay'
import { mockControl, productionEnv, ROOT, spawnListening } from '../support/stack'

const requireJson = (file: string) =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }

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

/**
 * The image's server, started with its CMD and its own settings but for where it listens (the
 * test's free port) and `extra`.
 */
async function startImage(
  extra: (env: Record<string, string | undefined>) => Record<string, string> = () => ({}),
) {
  const [command, ...args] = stage.cmd
  const startEnv = (port: number) => {
    const env = {
      ...stage.env,
      ...productionEnv(port),
      LD_PRELOAD: hostLibrary(stage.env.LD_PRELOAD),
      BACKEND_URL: backend.url,
    }
    return { ...env, ...extra(env) }
  }
  const started = await spawnListening(
    (port) =>
      spawn(command!, args, {
        cwd: imageDir,
        env: startEnv(port),
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    '"msg":"server listening"',
  )
  return { ...started, env: startEnv(started.port) }
}

describe('the production image', () => {
  it('copies only production dependencies, the build and public files', () => {
    expect(stage.cmd[0]).toBe('node')
    expect(fs.existsSync(path.join(imageDir, 'node_modules', '@remix-run', 'node'))).toBe(true)
    // sharp's libvips, prebuilt for the image's platform, comes with the production install.
    expect(fs.existsSync(path.join(imageDir, 'node_modules', '@img', 'sharp-linux-x64'))).toBe(true)
    expect(fs.existsSync(path.join(imageDir, 'node_modules', 'vitest'))).toBe(false)
    expect(fs.existsSync(path.join(imageDir, 'node_modules', '@remix-run', 'dev'))).toBe(false)
    expect(fs.existsSync(path.join(imageDir, 'node_modules', 'typescript'))).toBe(false)
    // @remix-run/serve is the framework's own server, which never runs here: neither it nor the
    // Express 4 it brings is in the image; the one Express is the server's.
    expect(fs.existsSync(path.join(imageDir, 'node_modules', '@remix-run', 'serve'))).toBe(false)
    const expressCopies = fs
      .readdirSync(path.join(imageDir, 'node_modules'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /(?:^|\/)express\/package\.json$/.test(file))
    expect(expressCopies).toEqual(['express/package.json'])
    expect(requireJson(path.join(imageDir, 'node_modules/express/package.json')).version).toBe(
      '5.3.0',
    )
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
    const { child: server, port, output, exited, env } = await startImage()
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

  // The server runs on Node's own fetch, Request and Response (no installGlobals): a Node
  // security release reaches the backend calls. @remix-run/node still brings its polyfills
  // (@remix-run/web-fetch and its family) and undici; this holds that nothing loads them.
  it('loads no fetch polyfill while it renders, forwards an enquiry and fetches an image', async () => {
    const loadedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loaded-modules-'))
    const hook = path.join(ROOT, 'tests/support/record-loaded-modules.mjs')
    const {
      child: server,
      port,
      output,
      exited,
    } = await startImage((env) => ({
      NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${hook}`.trim(),
      LOADED_MODULES_DIR: loadedDir,
    }))
    const mock = mockControl(backend.url)
    try {
      const base = `http://127.0.0.1:${port}`
      for (const route of ['/', '/blog', `/blog/${CAMERA_POST}`]) {
        expect((await fetch(`${base}${route}`)).status, `${route}\n${output()}`).toBe(200)
      }
      const post = await (await fetch(`${base}/blog/${CAMERA_POST}`)).text()
      const variant = /srcSet="(\/images\/[^" ]+\.avif) /i.exec(post)?.[1]
      expect((await fetch(`${base}${variant}`)).status, output()).toBe(200)
      const enquiry = uniqueEnquiry()
      const sent = await fetch(`${base}/contact`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(enquiry),
      })
      expect(sent.status, output()).toBe(303)
      expect((await mock.enquiries()).map((received) => received.body.email)).toContain(
        enquiry.email,
      )
    } finally {
      server.kill('SIGTERM')
    }
    expect(await exited).toBe(0)

    const threads = fs.readdirSync(loadedDir).map((file) => ({
      thread: file,
      urls: fs.readFileSync(path.join(loadedDir, file), 'utf8').trim().split('\n'),
    }))
    fs.rmSync(loadedDir, { recursive: true, force: true })
    const main = threads.find(({ thread }) => thread === `${server.pid}-0.txt`)
    // The record is whole: the server's thread and its CommonJS packages, and the sanitiser's.
    expect(main?.urls).toContainEqual(
      expect.stringMatching(/\/node_modules\/@remix-run\/node\/dist\/index\.js$/),
    )
    expect(
      threads.some(({ urls }) => urls.some((url) => url.includes('/node_modules/jsdom/'))),
    ).toBe(true)
    const polyfills = threads.flatMap(({ thread, urls }) =>
      urls
        .filter((url) => /\/node_modules\/@remix-run\/web-/.test(url))
        .map((url) => `${thread}: ${url}`),
    )
    expect(polyfills).toEqual([])
    // The server's own thread loads no npm undici: its fetch is Node's (jsdom, in the sanitiser's
    // worker, loads undici for its own use).
    expect(main!.urls.filter((url) => url.includes('/node_modules/undici/'))).toEqual([])
  }, 60_000)
})
