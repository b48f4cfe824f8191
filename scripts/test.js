// `npm test`: the everyday tier, which needs Node and a Chromium and installs nothing.
// `npm run validate` (`--validate`): the everyday tier, then what needs more (Redis, HAProxy,
// nginx, Java, the image's replay, `npm run dev`), the load tests and the rest of the browser
// tests, each test once (docs/testing.md). Cheapest first, stopping at the first failure, on the
// Node version the Docker image runs (the Dockerfile's tag): fetched when this machine's own Node
// is another one. Words (`node scripts/test.js unit`) run the steps whose names hold one of them.
import { spawnSync } from 'node:child_process'

import { findChromium, NO_CHROMIUM } from './chromium.js'
import { imageNodeVersion, runOnImageNode } from './node-line.js'
import { integrationTiers } from './test-tiers.js'

const validate = process.argv.includes('--validate')
const only = process.argv.slice(2).filter((word) => word !== '--validate')

if (process.version !== `v${imageNodeVersion()}`) {
  // This script again on the image's Node: every child (npm, vitest, playwright, the servers the
  // tests start with `node` or process.execPath) then runs on it.
  process.exit(runOnImageNode('node', [import.meta.filename, ...process.argv.slice(2)]))
}

console.log(
  `Tests run on Node ${process.version} (${process.execPath}), the Docker image's version.`,
)

const vitest = 'node_modules/.bin/vitest'
const playwright = 'node_modules/.bin/playwright'

/** Node and a Chromium: what a laptop has after `npm ci` and `npx playwright install chromium`. */
const EVERYDAY = [
  ['type check', 'node_modules/.bin/tsc', ['--noEmit']],
  ['lint', 'node_modules/.bin/eslint', ['--max-warnings', '0', '.']],
  ['unit tests', vitest, ['run', '--project', 'unit']],
  ['production build', 'npm', ['run', 'build', '--silent']],
  ['integration tests with the mock backend', vitest, ['run', '--project', 'integration']],
  ['browser smoke, JavaScript on and off', playwright, ['test', '--grep', '@smoke']],
]

const VALIDATE = [
  [
    'test tools (redis-server, HAProxy, nginx, Java, jemalloc, fonts)',
    'bash',
    ['scripts/ensure-test-tools.sh'],
  ],
  [
    'integration tests with Redis, HAProxy, nginx, Java, the image replay and npm run dev',
    vitest,
    ['run', '--project', 'integration-validate'],
  ],
  ['load tests, one at a time', vitest, ['run', '--project', 'load']],
  ['browser tests, the rest', playwright, ['test', '--grep-invert', '@smoke']],
]

const chosen = (name) => only.length === 0 || only.some((word) => name.includes(word))
const tools = VALIDATE[0]
const slower = VALIDATE.slice(1).filter(([name]) => (only.length === 0 ? validate : chosen(name)))
const steps = [
  ...EVERYDAY.filter(([name]) => chosen(name)).map((step) => [...step, { TEST_TIER: 'everyday' }]),
  // The tools come after the everyday tier: on a fresh machine, it has passed without them.
  ...(slower.length > 0 ? [[...tools, {}]] : []),
  ...slower.map((step) => [...step, {}]),
]

if (steps.length === 0) {
  console.error(`No step's name holds ${only.map((word) => `'${word}'`).join(' or ')}.`)
  process.exit(2)
}

// Checked first, so that a missing browser shows before minutes of other steps.
if (steps.some(([name]) => /browser|npm run dev/.test(name))) {
  // CI on a fresh Debian machine: Chromium and fonts, all the everyday tier needs, come first.
  if (validate)
    run(['a Chromium and fonts', 'bash', ['scripts/ensure-test-tools.sh', 'chromium'], {}])
  const chromium = findChromium()
  if (!chromium) {
    console.error(NO_CHROMIUM)
    process.exit(1)
  }
  // The same browser for every step, the tools' check included.
  process.env.CHROMIUM_PATH = chromium
}

if (slower.some(([name]) => name.startsWith('integration'))) {
  console.log('\nIntegration files of npm run validate, and what they need:')
  for (const { file, needs } of integrationTiers().validate) {
    console.log(`  ${file}: ${needs.join(', ')}`)
  }
}

for (const step of steps) run(step)

function run([name, command, args, env]) {
  console.log(`\n=== ${name} ===`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`)
    process.exit(result.status ?? 1)
  }
  console.log(`✓ ${name} (${seconds}s)`)
}
