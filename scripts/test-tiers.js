// Which tier runs an integration test file (docs/testing.md). `npm test`, the everyday tier, needs
// Node and a Chromium; `npm run validate` runs the rest. A file's tier follows from what it
// imports, so a new file cannot land in the wrong one: a file in tests/integration/ that imports,
// directly or through other modules, one of the support modules below runs in validate; any other
// runs in `npm test`. The load tests and the browser tests but the smoke (tagged @smoke) run in
// validate too.
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The support modules that start more than Node, the mock backend and Chromium, and what. */
export const VALIDATE_ONLY = {
  'tests/support/redis.ts': 'Redis',
  'tests/support/haproxy.ts': 'HAProxy',
  'tests/support/nginx.ts': 'nginx',
  'tests/support/nu-checker.ts': 'Java (the W3C HTML checker)',
  'tests/support/image-replay.ts': "the Docker image's replay (a production install, jemalloc)",
  'tests/support/development-server.ts': '`npm run dev` in a copy of the app',
}

export const INTEGRATION_DIR = 'tests/integration'

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts']

/**
 * The files a source file imports by a relative path, resolved. Aliases (`~/`) lead into app/,
 * which imports nothing from tests/. A path in a comment that reads like an import only counts
 * against the file: it can move a file to validate, never out of it.
 */
function importsOf(file) {
  const source = fs.readFileSync(file, 'utf8')
  const found = []
  for (const match of source.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const specifier = path.resolve(path.dirname(file), match[1])
    const candidates = EXTENSIONS.map((extension) => specifier + extension)
    if (specifier.endsWith('.js')) candidates.push(specifier.replace(/\.js$/, '.ts'))
    const resolved = candidates.find((candidate) =>
      fs.statSync(candidate, { throwIfNoEntry: false })?.isFile(),
    )
    if (resolved) found.push(resolved)
  }
  return found
}

/**
 * What the file needs of VALIDATE_ONLY, through any chain of imports: an empty list for a file
 * of the everyday tier.
 * @param {string} file an absolute path
 * @param {string} root
 * @returns {string[]}
 */
export function validateNeeds(file, root = ROOT) {
  const needs = new Set()
  const seen = new Set()
  const pending = [file]
  while (pending.length > 0) {
    const next = /** @type {string} */ (pending.pop())
    if (seen.has(next)) continue
    seen.add(next)
    const need =
      VALIDATE_ONLY[/** @type {keyof typeof VALIDATE_ONLY} */ (path.relative(root, next))]
    if (need) needs.add(need)
    pending.push(...importsOf(next))
  }
  return [...needs]
}

/**
 * The integration test files of each tier, as paths from the root.
 * @returns {{ everyday: string[], validate: Array<{ file: string, needs: string[] }> }}
 */
export function integrationTiers(root = ROOT) {
  const folder = path.join(root, INTEGRATION_DIR)
  const files = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file))
    .sort()
  const everyday = []
  const validate = []
  for (const file of files) {
    const needs = validateNeeds(file, root)
    const relative = path.relative(root, file)
    if (needs.length === 0) everyday.push(relative)
    else validate.push({ file: relative, needs })
  }
  return { everyday, validate }
}
