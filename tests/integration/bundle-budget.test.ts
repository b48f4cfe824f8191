/**
 * The bytes a visitor's phone downloads for the home page, from the production build:
 * every script, module preload and stylesheet the page names, gzip-compressed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ROOT, startStack, type Stack } from '../support/stack'

// The goal is 90 KB, but React 18, react-dom and the Remix runtime alone take nearly all of it:
// the budget holds what the site adds to that framework floor and fails the build the day it
// grows. What each part costs: docs/decisions/004-javascript-budget.md.
const BUDGET_JS_KB = 107
const BUDGET_CSS_KB = 12

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.stop()
})

function gzipKb(assetPath: string) {
  const file = path.join(ROOT, 'public', assetPath)
  return gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024
}

async function assetsOf(route: string) {
  const html = await (await fetch(`${stack.baseUrl}${route}`)).text()
  const js = new Set<string>()
  // Preloads are held until the first paint, then loaded all the same.
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) js.add(match[1]!)
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/build\/[^"]+\.js)"/g))
    js.add(match[1]!)
  const css = new Set(
    [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!),
  )
  return { js: [...js], css: [...css] }
}

describe('bundle budget', () => {
  it(`keeps the home page within ${BUDGET_JS_KB} KB of JavaScript and ${BUDGET_CSS_KB} KB of CSS (gzip)`, async () => {
    const { js, css } = await assetsOf('/')
    expect(js.length).toBeGreaterThan(0)
    expect(css.length).toBeGreaterThan(0)
    const jsKb = js.reduce((sum, asset) => sum + gzipKb(asset), 0)
    const cssKb = css.reduce((sum, asset) => sum + gzipKb(asset), 0)
    const report = `home page: ${jsKb.toFixed(1)} KB JS in ${js.length} files, ${cssKb.toFixed(1)} KB CSS (gzip)`
    console.log(report)
    expect(jsKb, report).toBeLessThanOrEqual(BUDGET_JS_KB)
    expect(cssKb, report).toBeLessThanOrEqual(BUDGET_CSS_KB)
  })

  it('loads react-toastify only once a toast exists', async () => {
    const { js } = await assetsOf('/')
    for (const asset of js) {
      expect(fs.readFileSync(path.join(ROOT, 'public', asset), 'utf8')).not.toContain(
        'Toastify__toast-container',
      )
    }
  })

  it('requests nothing from other hosts to render a page', async () => {
    for (const route of ['/', '/blog', '/contact', '/privacy-policy']) {
      const html = await (await fetch(`${stack.baseUrl}${route}`)).text()
      // Canonical and alternate links name pages; these tags make the browser fetch something.
      const fetched = [
        ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
        ...html.matchAll(
          /<link\b(?=[^>]*\brel="(?:stylesheet|preload|modulepreload|icon|preconnect|manifest)")[^>]*\bhref="([^"]+)"/g,
        ),
        ...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g),
      ].map((match) => match[1]!)
      const external = fetched.filter((url) => /^(https?:)?\/\//.test(url))
      expect(external, route).toEqual([])
    }
  })
})
