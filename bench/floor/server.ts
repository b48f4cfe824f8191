/**
 * The floor's server: the floor app (bench/floor/app) served as the site serves its pages, with
 * the site's security headers and CSP, its compression, its static files' cache headers and its
 * page handler (server/pages.ts), in two modes on two ports: `held`, the page's scripts held
 * until the first paint by the site's own `pageScripts` (as the site's production entry does),
 * and `unheld`, the page as Remix writes it. `/ours/<path>` shows the site's page at <path>
 * (fetched from `siteOrigin` once) without its components; its images come from the site.
 *
 * What the site's server does besides, and this one does not: request ids and logs, the HTTPS
 * redirect, the request bounds, the client share and the page cache, none of which changes the
 * bytes or headers of a page that a browser loads.
 *
 *   FLOOR_SITE_ORIGIN=http://localhost:3000 tsx bench/floor/server.ts
 *
 * prints `floor listening held=<origin> unheld=<origin>` once both modes answer.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import url from 'node:url'

import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

import { servePages } from '../../server/pages'
import { contentSecurityPolicy, securityHeaders } from '../../server/security-headers'

import { SITE_STYLESHEET_HREF, type FloorContext, type SitePage } from './app/site-page'
import { sitePageOf } from './site-markup'

const FLOOR = import.meta.dirname
const ROOT = path.resolve(FLOOR, '../..')
const FLOOR_BUILD = path.join(FLOOR, 'build/index.js')
/** The site's settings that shape a page's headers; the tests' stack runs with these. */
const SITE_HEADERS = { siteUrl: 'http://localhost', isProduction: true, analytics: null }
/** What the site forwards of an image's answer besides its bytes. */
const IMAGE_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'vary']

/** Builds the floor with the site's @remix-run/dev (about 2 s); throws with its output if it fails. */
export function buildFloor() {
  const cli = path.join(ROOT, 'node_modules/@remix-run/dev/dist/cli.js')
  const result = spawnSync(process.execPath, [cli, 'build', FLOOR], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`the floor did not build:\n${result.stdout}${result.stderr}`)
}

/**
 * The file of the stylesheet the site's production build links, from its server build (one
 * stylesheet, imported by the root route).
 */
export function siteStylesheetFile() {
  const serverBuild = fs.readFileSync(path.join(ROOT, 'build/index.js'), 'utf8')
  const hrefs = new Set(serverBuild.match(/\/build\/_assets\/[\w.-]+\.css/g))
  if (hrefs.size !== 1) {
    throw new Error(
      `expected one stylesheet in the site's build, found ${[...hrefs].join(', ') || 'none'}`,
    )
  }
  return path.join(ROOT, 'public', [...hrefs][0]!)
}

/** The site's pages by path, each fetched once: the site's server renders them, not the floor's. */
function sitePages(siteOrigin: string) {
  const pages = new Map<string, Promise<SitePage>>()
  return (pagePath: string) => {
    let page = pages.get(pagePath)
    if (!page) {
      page = fetch(`${siteOrigin}${pagePath}`).then(async (answer) => {
        if (!answer.ok) throw new Error(`the site answered ${pagePath} with ${answer.status}`)
        return sitePageOf(await answer.text())
      })
      pages.set(pagePath, page)
      page.catch(() => pages.delete(pagePath))
    }
    return page
  }
}

/** One mode of the floor as an Express app. */
export function floorApp({
  build,
  holdScripts,
  siteOrigin,
  stylesheet,
}: {
  build: ServerBuild
  holdScripts: boolean
  siteOrigin: string
  stylesheet: string
}) {
  const sitePage = sitePages(siteOrigin)
  const context: FloorContext = {
    holdScripts,
    contentSecurityPolicy: contentSecurityPolicy(SITE_HEADERS),
    sitePage,
  }
  const app = express()
  app.disable('x-powered-by')
  app.use(securityHeaders(SITE_HEADERS))
  app.use(compression())
  app.get(SITE_STYLESHEET_HREF, (_req, res) => {
    res.sendFile(stylesheet, { immutable: true, maxAge: '1y' })
  })
  app.use(
    '/floor-build',
    express.static(path.join(FLOOR, 'public/floor-build'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
    }),
  )
  app.use(express.static(path.join(ROOT, 'public'), { maxAge: '1h', index: false }))
  // A post's images, as the site answers them (the format it picks from Accept).
  app.get(['/images/{*rest}', '/media/{*rest}'], async (req, res, next) => {
    try {
      const answer = await fetch(`${siteOrigin}${req.originalUrl}`, {
        headers: { accept: req.get('accept') ?? '*/*' },
      })
      res.status(answer.status)
      for (const name of IMAGE_HEADERS) {
        const value = answer.headers.get(name)
        if (value) res.set(name, value)
      }
      res.send(Buffer.from(await answer.arrayBuffer()))
    } catch (error) {
      next(error)
    }
  })
  app.all(
    '/{*splat}',
    servePages({
      build: () => build,
      mode: 'production',
      // The site's AppLoadContext type describes the site's server; the floor hands its own.
      getLoadContext: () => context as unknown as AppLoadContext,
    }),
  )
  return app
}

export type Floor = { held: string; unheld: string; close: () => Promise<void> }

/** Both modes of the built floor on free loopback ports, showing `siteOrigin`'s pages under /ours/. */
export async function startFloor(siteOrigin: string): Promise<Floor> {
  const build = (await import(url.pathToFileURL(FLOOR_BUILD).href)) as ServerBuild
  const stylesheet = siteStylesheetFile()
  const servers = await Promise.all(
    [true, false].map(
      (holdScripts) =>
        new Promise<Server>((resolve, reject) => {
          const server = floorApp({ build, holdScripts, siteOrigin, stylesheet })
            .listen(0, '127.0.0.1', () => resolve(server))
            .on('error', reject)
        }),
    ),
  )
  // Chromium treats localhost as a secure origin, as it does the site's.
  const [held, unheld] = servers.map(
    (server) => `http://localhost:${(server.address() as AddressInfo).port}`,
  )
  return {
    held: held!,
    unheld: unheld!,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    },
  }
}

/**
 * Both modes in a process of their own, as the site's server is: the measuring process's work
 * (Lighthouse reading a trace) then delays no page of the floor's.
 */
export async function spawnFloor(siteOrigin: string): Promise<Floor> {
  const child = spawn(process.execPath, ['--import', 'tsx', url.fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    env: { ...process.env, FLOOR_SITE_ORIGIN: siteOrigin },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const line = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const listening = /floor listening .*\n/.exec(output)
      if (listening) resolve(listening[0])
    })
    void exited.then(() => reject(new Error(`the floor's server stopped:\n${output}`)))
  })
  const origin = (mode: string) => new RegExp(`${mode}=(\\S+)`).exec(line)![1]!
  return {
    held: origin('held'),
    unheld: origin('unheld'),
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const siteOrigin = process.env.FLOOR_SITE_ORIGIN
  if (!siteOrigin) {
    console.error('FLOOR_SITE_ORIGIN names the running site whose pages /ours/ shows.')
    process.exit(1)
  }
  const floor = await startFloor(siteOrigin)
  console.log(`floor listening held=${floor.held} unheld=${floor.unheld}`)
  process.on('SIGTERM', () => void floor.close().then(() => process.exit(0)))
}
