// `npm test`: every check, cheapest first, stopping at the first failure.
import { spawnSync } from 'node:child_process'

const steps = [
  ['test tools (Chromium, redis-server, HAProxy, Java)', 'bash', ['scripts/ensure-test-tools.sh']],
  ['type check', 'node_modules/.bin/tsc', ['--noEmit']],
  ['lint', 'node_modules/.bin/eslint', ['--max-warnings', '0', '.']],
  ['unit tests', 'node_modules/.bin/vitest', ['run', '--project', 'unit']],
  ['production build', 'npm', ['run', 'build', '--silent']],
  ['integration tests', 'node_modules/.bin/vitest', ['run', '--project', 'integration']],
  ['browser end-to-end tests', 'node_modules/.bin/playwright', ['test']],
]

const only = process.argv.slice(2)
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
