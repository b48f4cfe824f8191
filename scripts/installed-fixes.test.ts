/**
 * Fixes the framework's own pins would hold back: npm `overrides` in package.json lift them, and
 * this fails when any copy in the installed tree (nested ones too) is older than its fix. And the
 * condition docs/accepted-advisories.json accepts tar 6.2.1's advisories under: nothing runs it.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The first version of each package with the fix (GHSA-jjmj-jmhj-qwj2, CVE-2026-53668). */
const FIXED_IN: Record<string, string> = {
  'react-router': '6.30.6',
  'react-router-dom': '6.30.6',
  '@remix-run/router': '1.23.4',
}

/** Every installed copy of the package: its folder and version, in node_modules at any depth. */
function installedCopies(name: string, dir = path.join(ROOT, 'node_modules')) {
  const copies: { at: string; version: string }[] = []
  const manifest = path.join(dir, name, 'package.json')
  if (fs.existsSync(manifest)) {
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }
    copies.push({ at: path.relative(ROOT, path.dirname(manifest)), version })
  }
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue
    const packages = entry.name.startsWith('@')
      ? fs.readdirSync(path.join(dir, entry.name)).map((scoped) => path.join(entry.name, scoped))
      : [entry.name]
    for (const pkg of packages) {
      const nested = path.join(dir, pkg, 'node_modules')
      if (fs.existsSync(nested)) copies.push(...installedCopies(name, nested))
    }
  }
  return copies
}

const isAtLeast = (version: string, minimum: string) => {
  const [a, b] = [version, minimum].map((v) => v.split('-')[0]!.split('.').map(Number))
  for (let i = 0; i < 3; i++) if (a![i] !== b![i]) return a![i]! > b![i]!
  return true
}

describe('the installed tree', () => {
  for (const [name, fixed] of Object.entries(FIXED_IN)) {
    it(`holds no copy of ${name} older than ${fixed}`, () => {
      const copies = installedCopies(name)
      expect(copies.length).toBeGreaterThan(0)
      expect(copies.filter((copy) => !isAtLeast(copy.version, fixed))).toEqual([])
    })
  }

  // tar 6.2.1 (GHSA-34x7-hfp2-rc4v and eleven more, fixed only in 7.5.x) is declared by cacache 17,
  // under @remix-run/dev; cacache 17 never requires it. This fails when tar reaches the production
  // tree, when another package comes to depend on it, or when its one dependent starts loading it.
  it('has tar only in the development tree, and nothing there requires it', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; dependencies?: Record<string, string> }>
    }
    const entries = Object.entries(lock.packages)
    const copies = entries.filter(([at]) => /(?:^|\/)node_modules\/tar$/.test(at))
    expect(copies.map(([at, { dev }]) => [at, dev])).toEqual([['node_modules/tar', true]])
    const dependents = entries.filter(([, { dependencies }]) => dependencies?.tar !== undefined)
    expect(dependents.map(([at]) => at)).toEqual(['node_modules/cacache'])

    const loadsTar = /(?:require\(|import\(|from\s)\s*['"]tar(?:\/[^'"]*)?['"]/
    const sources = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const at = path.join(dir, entry.name)
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(at)
        return /\.[cm]?js$/.test(entry.name) ? [at] : []
      })
    const files = dependents.flatMap(([at]) => sources(path.join(ROOT, at)))
    expect(files.length).toBeGreaterThan(5)
    expect(files.filter((file) => loadsTar.test(fs.readFileSync(file, 'utf8')))).toEqual([])
    expect(loadsTar.test("const tar = require('tar')")).toBe(true)
  })

  it('compares versions by number, not by text', () => {
    expect(isAtLeast('6.30.10', '6.30.6')).toBe(true)
    expect(isAtLeast('6.30.4', '6.30.6')).toBe(false)
    expect(isAtLeast('1.23.4', '1.23.4')).toBe(true)
  })
})
