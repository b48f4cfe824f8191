/**
 * `npm run dev` in a copy of the app, so that a test can edit its files: the copy holds the app's
 * sources and settings, and links this checkout's node_modules. `remix dev` builds it, watches it
 * and pushes each rebuild to the open tabs; the mock backend starts with it.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort, ROOT } from './stack'
import { validateTierOnly } from './tier'

/** What the copy leaves out: installs, builds, a local .env, and what the app never reads. */
const NOT_COPIED = new Set([
  'node_modules',
  '.git',
  '.env',
  'build',
  'tests',
  'docs',
  'test-results',
])

export type DevelopmentServer = {
  url: string
  /** where the copy is: edits go here */
  root: string
  output: () => string
  /** replaces `from` with `to` in one of the copy's files, as an editor saves it */
  edit: (file: string, from: string, to: string) => void
  stop: () => Promise<void>
}

export async function startDevelopmentServer(): Promise<DevelopmentServer> {
  validateTierOnly('`npm run dev`')
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-server-'))
  fs.cpSync(ROOT, root, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(ROOT, source)
      return !NOT_COPIED.has(relative.split(path.sep)[0]!) && relative !== 'public/build'
    },
  })
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'))

  const port = await freePort()
  // Its own process group, so that stopping it stops remix dev, the app server and the mock too.
  const child = spawn('npm', ['run', 'dev'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      MOCK_BACKEND_PORT: String(await freePort()),
      METRICS_PORT: '0',
    },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))

  const stop = async () => {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM')
    await exited
    fs.rmSync(root, { recursive: true, force: true })
  }

  // The first build of a loaded 2-core machine takes tens of seconds.
  const deadline = Date.now() + 150_000
  while (!output.includes('"msg":"server listening"')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`npm run dev did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return {
    url: `http://127.0.0.1:${port}`,
    root,
    output: () => output,
    edit(file, from, to) {
      const filePath = path.join(root, file)
      const text = fs.readFileSync(filePath, 'utf8')
      if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`)
      fs.writeFileSync(filePath, text.replace(from, to))
    },
    stop,
  }
}
