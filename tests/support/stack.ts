/**
 * Starts what a visitor talks to: the production server (`npm run build` output, started as
 * `node build/server/index.js`, exactly like the Docker image) and the mock backend, on free ports.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { startMockBackend, type MockControl, type MockStatePatch } from '../../mocks/backend'

import { TEST_SITE_CONFIG } from './site-config'

export type { MockControl }

export const ROOT = path.resolve(import.meta.dirname, '../..')
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export function mockControl(url: string): MockControl {
  return {
    url,
    async setState(state) {
      await fetch(`${url}/__mock/state`, { method: 'POST', body: JSON.stringify(state) })
    },
    async state() {
      return (await fetch(`${url}/__mock/state`)).json()
    },
    async enquiries() {
      return (await fetch(`${url}/__mock/enquiries`)).json()
    },
    async reset() {
      await fetch(`${url}/__mock/reset`, { method: 'POST' })
    },
  }
}

export type RunningServer = {
  url: string
  port: number
  process: ChildProcess
  output: () => string
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

/**
 * Nothing listens here, and no test can take it: ports below 1024 are never handed out for port 0.
 * A backend at this address refuses every connection.
 */
export const UNREACHABLE_URL = 'http://127.0.0.1:9'

export type Listening = {
  child: ChildProcess
  port: number
  output: () => string
  exited: Promise<number | null>
}

/**
 * Spawns a server on a port that was free a moment ago and waits for the server's own line saying
 * it listens. Test files run in parallel, so another test may take that port in between: the start
 * then fails with "address in use" and is tried again on a new port, instead of the test talking
 * to somebody else's server on that port.
 */
export async function spawnListening(
  start: (port: number) => ChildProcess,
  listeningLine: string,
  fixedPort?: number,
): Promise<Listening> {
  for (let attempt = 1; ; attempt++) {
    const port = fixedPort ?? (await freePort())
    const child = start(port)
    let output = ''
    let ended = ''
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    )
    const outcome = await new Promise<'listening' | 'closed' | 'timed out'>((resolve) => {
      // Generous: a loaded 2-core CI machine can be slow to start a process.
      const timer = setTimeout(() => resolve('timed out'), 30_000)
      let listening = false
      const collect = (chunk: Buffer) => {
        output += chunk
        // Looked for until found: a server under load writes a line per request, and searching
        // the whole output again on each chunk would make the test process the bottleneck.
        if (!listening && output.includes(listeningLine)) {
          listening = true
          clearTimeout(timer)
          resolve('listening')
        }
      }
      child.stdout?.on('data', collect)
      child.stderr?.on('data', collect)
      child.on('close', (code, signal) => {
        clearTimeout(timer)
        ended = signal ? `killed by ${signal}` : `exit code ${code}`
        resolve('closed')
      })
    })
    if (outcome === 'listening') return { child, port, output: () => output, exited }
    const portTaken = /EADDRINUSE|address already in use/i.test(output)
    if (outcome === 'closed' && portTaken && fixedPort === undefined && attempt < 5) {
      continue
    }
    child.kill('SIGKILL')
    // How it ended tells a crash or a kill from outside (no output either way) from a refusal.
    throw new Error(`server ${outcome}${ended ? ` (${ended})` : ''} before it listened:\n${output}`)
  }
}

/**
 * What production refuses to start without (but the backend, which each caller brings), on
 * loopback, with metrics off: their default port would be shared by every test server. The
 * public origin is the documented development default, so pages link to the server itself.
 */
export function productionEnv(port: number) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production' as const,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SITE_URL: `http://localhost:${port}`,
    SCHEDULER_URL: TEST_SITE_CONFIG.schedulerUrl,
    COMPANY_PHONE: TEST_SITE_CONFIG.phone,
    COMPANY_EMAIL: TEST_SITE_CONFIG.email,
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: '0',
  }
}

/**
 * Spawns a proxy (HAProxy, nginx) in the foreground and waits until it answers `url`, a request it
 * passes on to the instances. `diagnostics` is what to show besides its output when it does not.
 */
export async function spawnAnswering(
  name: string,
  command: string,
  args: string[],
  url: string,
  diagnostics: () => string = () => '',
) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}${diagnostics()}`)
    try {
      await fetch(url)
      break
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`${name} did not answer:\n${output}${diagnostics()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return { child, output: () => output, exited }
}

/**
 * Starts the built server with the given environment and waits for /healthz; on `port` when
 * given (a restart behind a load balancer), else on a free one. `root` is another checkout's
 * build, for before-and-after figures.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  {
    port: fixedPort,
    root = ROOT,
    launcher = [],
  }: {
    port?: number
    root?: string
    /** a command that execs the server's own (`sh -c '…; exec "$@"' sh`), to start it in a cgroup */
    launcher?: string[]
  } = {},
): Promise<RunningServer> {
  const [command, ...args] = [...launcher, process.execPath, 'build/server/index.js']
  const { child, port, output, exited } = await spawnListening(
    (port) =>
      spawn(command!, args, {
        cwd: root,
        env: {
          ...productionEnv(port),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    '"msg":"server listening"',
    fixedPort,
  )
  const url = `http://127.0.0.1:${port}`

  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer /healthz in time:\n${output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  return {
    url,
    port,
    process: child,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
  }
}

export type Stack = {
  server: RunningServer
  mock: MockControl
  baseUrl: string
  stop: () => Promise<void>
}

/**
 * A production server in front of its own mock backend, in `mock`'s state from the start (the
 * server loads the post list before it listens); `root` as for `startServer`.
 */
export async function startStack(
  env: Record<string, string> = {},
  { root, mock }: { root?: string; mock?: MockStatePatch } = {},
): Promise<Stack> {
  const backend = await startMockBackend({ quiet: true })
  if (mock) await mockControl(backend.url).setState(mock)
  const server = await startServer({ BACKEND_URL: backend.url, ...env }, { root })
  return {
    server,
    mock: mockControl(backend.url),
    baseUrl: server.url,
    stop: async () => {
      await server.stop()
      await backend.close()
    },
  }
}

/** Scripts that measure the production server stop early, and say why, without a build. */
export function requireProductionBuild() {
  const missing = ['build/server/index.js', 'build/index.js', 'public/build'].filter(
    (file) => !fs.existsSync(path.join(ROOT, file)),
  )
  if (missing.length > 0) {
    console.error(
      `No production build (${missing.join(', ')} missing): run \`npm run build\` first.`,
    )
    process.exit(1)
  }
}
