// `npm test`: every check, cheapest first, stopping at the first failure, on the Node version the
// Docker image runs (the Dockerfile's tag): fetched when this machine's own Node is another one.
import { spawnSync } from 'node:child_process'

import { imageNodeVersion, runOnImageNode } from './node-line.js'

const only = process.argv.slice(2)

if (process.version !== `v${imageNodeVersion()}`) {
  // This script again on the image's Node: every child (npm, vitest, playwright, the servers the
  // tests start with `node` or process.execPath) then runs on it.
  process.exit(runOnImageNode('node', [import.meta.filename, ...only]))
}

console.log(
  `Tests run on Node ${process.version} (${process.execPath}), the Docker image's version.`,
)

const steps = [
  ['test tools (Chromium, redis-server, HAProxy, Java)', 'bash', ['scripts/ensure-test-tools.sh']],
  ['type check', 'node_modules/.bin/tsc', ['--noEmit']],
  ['lint', 'node_modules/.bin/eslint', ['--max-warnings', '0', '.']],
  ['unit tests', 'node_modules/.bin/vitest', ['run', '--project', 'unit']],
  ['production build', 'npm', ['run', 'build', '--silent']],
  ['integration tests', 'node_modules/.bin/vitest', ['run', '--project', 'integration']],
  ['load tests, one at a time', 'node_modules/.bin/vitest', ['run', '--project', 'load']],
  ['browser end-to-end tests', 'node_modules/.bin/playwright', ['test']],
]

for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue
  console.log(`\n=== ${name} ===`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`)
    process.exit(result.status ?? 1)
  }
  console.log(`✓ ${name} (${seconds}s)`)
}
