import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { REQUIRED_IN_PRODUCTION } from '../../app/lib/config.server'
import { dataUrl, readData } from '../support/remix-data'
import {
  freePort,
  productionEnv,
  ROOT,
  startStack,
  startServer,
  UNREACHABLE_URL,
} from '../support/stack'
import { startedForTests } from '../support/started-for-tests'

const stack = startedForTests(() => startStack())

describe('the production server', () => {
  it('answers /healthz with ok without calling the backend', async () => {
    const before = await stack().mock.state()
    const response = await fetch(`${stack().baseUrl}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('ok')
    const after = await stack().mock.state()
    expect(after.postsRequests).toBe(before.postsRequests)
  })

  it('sets strict security headers, with a CSP that names each of its own inline scripts by its hash', async () => {
    const first = await fetch(`${stack().baseUrl}/`)
    const csp = first.headers.get('content-security-policy') ?? ''
    expect(csp).not.toContain('nonce')
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/]+=*')+(;|$)/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("script-src-attr 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(first.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(first.headers.get('permissions-policy')).toContain('camera=()')
    expect(first.headers.get('x-powered-by')).toBeNull()

    const html = await first.text()
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !attributes!.includes('application/ld+json'))
      .map(([, , text]) => text!)
    expect(inline.length).toBeGreaterThan(2)
    // The page's inline scripts are all the app's own: each is named, and nothing else is.
    const allowed = [...csp.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1])
    const hashes = inline.map((text) => crypto.createHash('sha256').update(text).digest('base64'))
    expect([...allowed].sort()).toEqual([...new Set(hashes)].sort())
    expect(html).not.toContain('nonce=')
  })

  it("writes no live-reload script, and no socket in the CSP: that is `npm run dev`'s", async () => {
    const response = await fetch(`${stack().baseUrl}/`)
    const csp = response.headers.get('content-security-policy') ?? ''
    const html = await response.text()
    expect(html).not.toContain('remixLiveReloadConnect')
    expect(html).not.toContain('/socket')
    expect(csp).toContain("connect-src 'self';")
    // ScrollRestoration's, Remix's context, its data stream (a chunk, the end) and module
    // script, and the release of the held scripts: nothing more.
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/]+=*'){6};/)
  })

  it('sends the page with its module preloads and scripts held in a template until the first paint', async () => {
    const html = await (await fetch(`${stack().baseUrl}/`)).text()
    const held = /<template id="held-scripts">([\s\S]*?)<\/template>/.exec(html)
    expect(held).not.toBeNull()
    const outside = html.replace(held![0], '')
    expect(outside).not.toContain('modulepreload')
    expect(outside).not.toMatch(/<script[^>]* type="module"/)
    expect(
      held![1]!.match(/<link rel="modulepreload" href="\/build\/[^"]+\.js"\/>/g)?.length,
    ).toBeGreaterThan(5)
    expect(held![1]!.match(/<script[^>]* type="module" async="">;?\s*import /g)).toHaveLength(1)
    expect(held![1]).toContain('window.__remixContext = ')
    // The loaders' data streamed into that context waits with it, in the order it was written.
    const order = [
      'window.__remixContext = ',
      ' type="module"',
      'streamController.enqueue(',
      'streamController.close()',
    ]
    const positions = order.map((text) => held![1]!.indexOf(text))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(outside).not.toContain('streamController')
    expect(html.endsWith('</body></html>')).toBe(true)
    const release = html.slice(html.indexOf('</template>'), html.indexOf('</body>'))
    expect(release).toContain("getElementById('held-scripts')")
    expect(release).toContain('requestAnimationFrame')
  })

  it('serves compiled assets with a one-year immutable cache', async () => {
    const html = await (await fetch(`${stack().baseUrl}/`)).text()
    const asset = /(\/build\/[^"]+\.js)/.exec(html)?.[1]
    expect(asset).toBeTruthy()
    const response = await fetch(`${stack().baseUrl}${asset}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('serves other public files with a short cache', async () => {
    const response = await fetch(`${stack().baseUrl}/favicon.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('compresses pages for clients that accept gzip', async () => {
    const response = await fetch(`${stack().baseUrl}/`, {
      headers: { 'accept-encoding': 'gzip' },
      // Node's fetch decompresses transparently; read the raw header instead.
    })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
  })

  it('answers unknown addresses with a 404 page in the site layout', async () => {
    const response = await fetch(`${stack().baseUrl}/no-such-page`)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Page not found')
    expect(html).toContain('Book a Discovery Call')
    expect(html).toContain('<footer')
  })

  it('rejects a request body over 64 KiB with 413', async () => {
    const response = await fetch(`${stack().baseUrl}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `message=${'a'.repeat(70 * 1024)}`,
    })
    expect(response.status).toBe(413)
  })

  it('logs one structured line per request without the query string', async () => {
    await fetch(`${stack().baseUrl}/no-such-page?email=someone@example.com`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const line = stack()
      .server.output()
      .split('\n')
      .find((entry) => entry.includes('"path":"/no-such-page"'))
    expect(line).toBeTruthy()
    const entry = JSON.parse(line!)
    expect(entry).toMatchObject({ msg: 'request', method: 'GET', status: 404 })
    expect(typeof entry.durationMs).toBe('number')
    expect(stack().server.output()).not.toContain('someone@example.com')
  })
})

describe('graceful shutdown', () => {
  it('lets a request in flight finish, then exits 0 on SIGTERM', async () => {
    // Nothing cached at the start, so that the request waits for a slow backend.
    const local = await startStack({ BACKEND_TIMEOUT_MS: '8000' }, { mock: { posts: 'fail' } })
    try {
      await local.mock.setState({ posts: 'slow', delayMs: 1500 })
      const inFlight = fetch(`${local.baseUrl}/blog`)
      await new Promise((resolve) => setTimeout(resolve, 300))
      const exitCode = local.server.stop('SIGTERM')
      const response = await inFlight
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('</html>')
      expect(await exitCode).toBe(0)
      await expect(fetch(`${local.baseUrl}/healthz`)).rejects.toThrow()
    } finally {
      await local.stop()
    }
  })
})

describe('settings', () => {
  it.each(REQUIRED_IN_PRODUCTION)(
    'stops at start, with one line naming it, when %s is missing in production',
    async (name) => {
      const env = { ...productionEnv(await freePort()), BACKEND_URL: UNREACHABLE_URL, [name]: '' }
      const run = spawnSync(process.execPath, ['build/server/index.js'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status, run.stdout + run.stderr).toBe(1)
      expect(run.stderr.trim()).toBe(
        `Invalid configuration: ${name}: required when NODE_ENV=production`,
      )
    },
  )

  it('stops at start, with one line saying so, when its port is taken', async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = taken.address() as net.AddressInfo
      const run = spawn(process.execPath, ['build/server/index.js'], {
        cwd: ROOT,
        env: { ...productionEnv(port), BACKEND_URL: UNREACHABLE_URL },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      run.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
      const exitCode = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => run.kill('SIGKILL'), 30_000)
        run.on('exit', (code) => {
          clearTimeout(timer)
          resolve(code)
        })
      })
      expect(exitCode, stderr).toBe(1)
      const line = stderr.split('\n').find((entry) => entry.includes('"msg":"port unavailable"'))
      expect(JSON.parse(line!)).toMatchObject({ level: 'error', port })
      expect(line).toContain('EADDRINUSE')
    } finally {
      taken.close()
    }
  })

  it("stops at once, with one line naming both, on a Node line other than the image's", async () => {
    // The app's folder as the image has it, but naming another line than the one running.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'other-node-line-'))
    const running = Number(process.versions.node.split('.')[0])
    const other = running - 2
    fs.writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({ engines: { node: `${other}.x` } }),
    )
    const run = spawnSync(process.execPath, [path.join(ROOT, 'build/server/index.js')], {
      cwd: folder,
      env: { ...productionEnv(await freePort()), BACKEND_URL: UNREACHABLE_URL },
      encoding: 'utf8',
      timeout: 30_000,
    })
    fs.rmSync(folder, { recursive: true })
    expect(run.status, run.stdout + run.stderr).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim()).toBe(
      `This server runs on Node ${other} (the Docker image's line), not on Node ${process.versions.node}: start it with Node ${other}.`,
    )
  })

  // The machine's own Node, where it is another line than the image's (Debian's Node 20 here).
  const machineNode = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).stdout?.trim()
  it.skipIf(!machineNode || machineNode === process.version)(
    `refuses to start on the machine's own Node (${machineNode})`,
    async () => {
      const run = spawnSync('/usr/bin/node', ['build/server/index.js'], {
        cwd: ROOT,
        env: { ...productionEnv(await freePort()), BACKEND_URL: UNREACHABLE_URL },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status, run.stdout + run.stderr).toBe(1)
      expect(run.stderr.trim()).toMatch(
        /^This server runs on Node \d+ \(the Docker image's line\), not on Node /,
      )
    },
  )

  it('names a malformed optional setting', async () => {
    const started = startServer({ BACKEND_URL: UNREACHABLE_URL, CONTACT_RATE_LIMIT: 'five' })
    await expect(started).rejects.toThrow(
      /CONTACT_RATE_LIMIT: CONTACT_RATE_LIMIT must look like MAX\/SECONDS/,
    )
  })
})

/**
 * The headers of a browser revalidating a page it holds. Node's fetch adds `Cache-Control:
 * no-cache` to a conditional request unless told otherwise, and a server rightly answers that
 * (a reload) in full.
 */
function revalidating(etag: string) {
  return { 'if-none-match': etag, 'cache-control': 'max-age=0' }
}

const PUBLIC_PAGES = [
  '/blog',
  '/blog?page=2',
  '/blog/chatbot-vs-live-chat',
  '/blog/category/ai-chatbots',
  '/blog?q=voice',
  '/privacy-policy',
  '/terms-of-service',
  '/blog/rss.xml',
  '/blog/category/ai-chatbots/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
]

describe('HTTP caching', () => {
  it.each(PUBLIC_PAGES)(
    '%s is public, the same for everyone, with an ETag, and 304 when it has not changed',
    async (path) => {
      const first = await fetch(`${stack().baseUrl}${path}`)
      const second = await fetch(`${stack().baseUrl}${path}`)
      expect(first.status).toBe(200)
      expect(await second.text()).toBe(await first.text())
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
      const cacheControl = first.headers.get('cache-control') ?? ''
      expect(cacheControl).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=(\d+)$/,
      )
      expect(Number(/stale-if-error=(\d+)/.exec(cacheControl)![1])).toBeGreaterThanOrEqual(86_400)
      expect(first.headers.get('set-cookie')).toBeNull()
      const revalidated = await fetch(`${stack().baseUrl}${path}`, {
        headers: revalidating(first.headers.get('etag')!),
      })
      expect(revalidated.status).toBe(304)
      expect(await revalidated.text()).toBe('')
    },
  )

  it('the blog follows POSTS_CACHE_TTL_S and the 404 page keeps its caching headers', async () => {
    // s-maxage counts down while the instance keeps the page; the window stays the setting's.
    const blog = (await fetch(`${stack().baseUrl}/blog`)).headers.get('cache-control') ?? ''
    expect(blog).toContain('stale-while-revalidate=60,')
    expect(Number(/s-maxage=(\d+)/.exec(blog)![1])).toBeLessThanOrEqual(60)
    const missing = await fetch(`${stack().baseUrl}/no-such-page`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/)
    expect(missing.headers.get('etag')).toBeTruthy()
    expect(missing.headers.get('set-cookie')).toBeNull()
  })

  it.each(['/', '/contact'])(
    '%s sets the form cookie, so it is private, yet answers 304 when unchanged',
    async (path) => {
      const first = await fetch(`${stack().baseUrl}${path}`)
      expect(first.headers.get('cache-control')).toBe('private, no-cache')
      expect(first.headers.get('set-cookie')).toMatch(/^form_served_at=/)
      const revalidated = await fetch(`${stack().baseUrl}${path}`, {
        headers: revalidating(first.headers.get('etag')!),
      })
      expect(revalidated.status).toBe(304)
    },
  )

  it('keeps the thank-you page, and every answer to a POST, out of every cache', async () => {
    const sent = await fetch(`${stack().baseUrl}/contact?sent=1`)
    expect(sent.headers.get('cache-control')).toBe('private, no-store')
    const invalid = await fetch(`${stack().baseUrl}/contact`, {
      method: 'POST',
      body: new URLSearchParams({ firstName: '' }),
    })
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get('cache-control')).toBe('private, no-store')
  })
})

/** Whether the instance answered from its page cache, as its Server-Timing says. */
function isFromPageCache(response: Response) {
  return /desc="page cache"/.test(response.headers.get('server-timing') ?? '')
}

describe('the page cache', () => {
  it('answers a second visitor with the same page, headers and ETag, compressed as asked', async () => {
    const first = await fetch(`${stack().baseUrl}/privacy-policy`)
    const firstHtml = await first.text()
    const again = await fetch(`${stack().baseUrl}/privacy-policy`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(isFromPageCache(again)).toBe(true)
    expect(again.headers.get('content-encoding')).toBe('gzip')
    expect(await again.text()).toBe(firstHtml)
    for (const name of ['etag', 'cache-control', 'content-security-policy', 'content-type']) {
      expect(again.headers.get(name), name).toBe(first.headers.get(name))
    }
    const brotli = await fetch(`${stack().baseUrl}/privacy-policy`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(await brotli.text()).toBe(firstHtml)
    const plain = await fetch(`${stack().baseUrl}/privacy-policy`, {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(firstHtml)
  })

  it('answers If-None-Match with 304 from the cache as from a render', async () => {
    const page = await fetch(`${stack().baseUrl}/terms-of-service`)
    const etag = page.headers.get('etag')!
    const revalidated = await fetch(`${stack().baseUrl}/terms-of-service`, {
      headers: revalidating(etag),
    })
    expect(revalidated.status).toBe(304)
    expect(isFromPageCache(revalidated)).toBe(true)
    expect(await revalidated.text()).toBe('')
  })

  it('never answers a visitor with a flash message from it, nor a data request', async () => {
    await fetch(`${stack().baseUrl}/terms-of-service`)
    const withCookie = await fetch(`${stack().baseUrl}/terms-of-service`, {
      headers: { cookie: 'toast=abc' },
    })
    expect(isFromPageCache(withCookie)).toBe(false)
    const withDataRequest = await fetch(dataUrl(stack().baseUrl, '/terms-of-service?utm_source=x'))
    expect(withDataRequest.status).toBe(200)
    expect(isFromPageCache(withDataRequest)).toBe(false)
    expect(withDataRequest.headers.get('content-type')).toMatch(/^text\/x-script/)
    expect(await readData(withDataRequest)).toHaveProperty('root.data.site')
  })

  it("answers Remix's requests for data itself, never with the kept 404 page", async () => {
    for (let i = 0; i < 2; i++) await fetch(`${stack().baseUrl}/no-such-page`)
    const missingData = await fetch(dataUrl(stack().baseUrl, '/no-such-page'))
    expect(missingData.status).toBe(404)
    expect(isFromPageCache(missingData)).toBe(false)
    expect(missingData.headers.get('content-type')).toMatch(/^text\/x-script/)

    const html = await (await fetch(`${stack().baseUrl}/`)).text()
    const version = /"version":\s*"([^"]+)"/.exec(html)![1]!
    for (let i = 0; i < 2; i++) {
      const discovery = await fetch(
        `${stack().baseUrl}/__manifest?p=%2Fblog&version=${encodeURIComponent(version)}`,
      )
      expect(discovery.status).toBe(200)
      expect(isFromPageCache(discovery)).toBe(false)
      expect(Object.keys(await discovery.json())).toContain('routes/blog._index')
    }
  })

  it('serves a visitor from an ad or newsletter link the cached page', async () => {
    await fetch(`${stack().baseUrl}/privacy-policy`)
    const fromCampaign = await fetch(
      `${stack().baseUrl}/privacy-policy?utm_source=newsletter&utm_medium=email&gclid=abc123`,
    )
    expect(fromCampaign.status).toBe(200)
    expect(isFromPageCache(fromCampaign)).toBe(true)
  })

  it('keeps no error page, except the one page for unknown addresses', async () => {
    await fetch(`${stack().baseUrl}/blog/no-such-post`)
    const again = await fetch(`${stack().baseUrl}/blog/no-such-post`)
    expect(again.status).toBe(404)
    expect(isFromPageCache(again)).toBe(false)
    await fetch(`${stack().baseUrl}/missing-page`)
    const unknown = await fetch(`${stack().baseUrl}/another-missing-page`)
    expect(unknown.status).toBe(404)
    expect(isFromPageCache(unknown)).toBe(true)
  })

  it('keeps the home page, whose form cookie is set for each visitor around it', async () => {
    await fetch(`${stack().baseUrl}/`)
    const [first, second] = await Promise.all([
      fetch(`${stack().baseUrl}/`),
      fetch(`${stack().baseUrl}/`),
    ])
    expect(isFromPageCache(second)).toBe(true)
    expect(first.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^form_served_at=[^;]+; Path=\/contact; HttpOnly; SameSite=Lax$/),
      expect.stringMatching(/^form_served_at=[^;]+; Path=\/contact\.data; HttpOnly; SameSite=Lax$/),
    ])
    expect(second.headers.get('set-cookie')).toMatch(/^form_served_at=/)
    expect(second.headers.get('cache-control')).toBe('private, no-cache')
  })
})
