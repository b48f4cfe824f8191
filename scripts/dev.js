// `npm run dev`: remix dev with the app server; without BACKEND_URL it also starts the mock backend.
import { spawn } from 'node:child_process'
import fs from 'node:fs'

import { watchWorkerBundle } from './server-bundles.js'

const children = []

// A local .env, when there is one, fills in settings that the shell did not set.
if (fs.existsSync('.env')) process.loadEnvFile('.env')
// Remix's classic compiler loads Vite's CommonJS API for its Vite commands, which warns on every
// start about a deprecation that is Remix's to act on, not the developer's.
const env = { VITE_CJS_IGNORE_WARNING: 'true', ...process.env }

// The post sanitiser's worker thread runs a built file, in development as in production.
const workerBundle = await watchWorkerBundle()

function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env, ...options })
  children.push(child)
  child.on('exit', (code) => {
    stopAll()
    process.exit(code ?? 0)
  })
  return child
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  void workerBundle.dispose()
}

if (!env.BACKEND_URL) {
  const port = env.MOCK_BACKEND_PORT ?? '4010'
  env.BACKEND_URL = `http://127.0.0.1:${port}`
  console.log(`BACKEND_URL is not set: starting the mock backend on ${env.BACKEND_URL}`)
  run('node_modules/.bin/tsx', ['mocks/backend.ts'], { env: { ...env, MOCK_BACKEND_PORT: port } })
}

run('node_modules/.bin/remix', ['dev', '--manual', '-c', 'node_modules/.bin/tsx server.ts'])

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll()
    process.exit(0)
  })
}
