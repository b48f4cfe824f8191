/**
 * One stranger's machine against an instance, as `npm run bench:attack` and the one-client load
 * test run it: the attacker (attack-client.ts) in a process of its own at the lowest priority, from
 * its own loopback address, while the instance's probes and a second client's page are timed the
 * way Docker, the balancer and a visitor ask: every 100 ms, each on a fresh connection.
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import type { AttackPattern, AttackTally } from './attack-client'
import { ROOT } from './stack'

/** The attacker's own loopback address: the balancer and the instance see it as another client. */
export const ATTACKER_ADDRESS = '127.0.0.2'
/** What Docker's health check and the balancer's check give an answer before they count it failed. */
const PROBE_TIMEOUT_MS = 5000

/**
 * Runs `pattern` against `url` for `seconds` at most. An attacker sends from another machine: at
 * the lowest priority, its process takes no CPU the server or the probes would have had (it still
 * takes what they leave).
 */
export function runAttack(
  pattern: AttackPattern,
  url: string,
  { seconds, origin }: { seconds: number; origin: string },
) {
  return new Promise<AttackTally>((resolve, reject) => {
    const script = path.join(ROOT, 'tests/support/attack-client.ts')
    const child = spawn(
      'nice',
      [
        '-n',
        '19',
        process.execPath,
        '--import',
        'tsx',
        script,
        pattern,
        url,
        String(seconds),
        origin,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, ATTACK_SOURCE: ATTACKER_ADDRESS },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`the attacker failed (${code}): ${output}`))
      else resolve(JSON.parse(last) as AttackTally)
    })
  })
}

/** One probe's answer: its time, and its status or why there was none. */
export type ProbeAnswer = { ms: number; status?: number; error?: string }

/** A GET on a connection of its own, as a health check makes it, given up after 5 s. */
function probeOnce(url: string): Promise<ProbeAnswer> {
  const started = performance.now()
  const ms = () => Math.round((performance.now() - started) * 10) / 10
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: PROBE_TIMEOUT_MS }, (response) => {
      response.resume()
      response.on('end', () => resolve({ ms: ms(), status: response.statusCode }))
      response.on('error', () => resolve({ ms: ms(), error: 'body cut' }))
    })
    request.on('timeout', () => {
      request.destroy()
      resolve({ ms: ms(), error: 'timeout' })
    })
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ ms: ms(), error: error.code ?? error.message }),
    )
  })
}

/**
 * Asks each of `urls` every `everyMs` until `until` settles, whether or not the last answer came
 * (as Docker and the balancer do): the answers, by url.
 */
export async function probeWhile(until: Promise<unknown>, urls: string[], everyMs = 100) {
  const answers = new Map<string, Promise<ProbeAnswer>[]>(urls.map((url) => [url, []]))
  const timer = setInterval(() => {
    for (const url of urls) answers.get(url)!.push(probeOnce(url))
  }, everyMs)
  // The probes end with the attack, however it ended: its own promise says how.
  await until.catch(() => undefined)
  clearInterval(timer)
  return new Map(
    await Promise.all(
      [...answers].map(async ([url, pending]) => [url, await Promise.all(pending)] as const),
    ),
  )
}

/** The answers' nearest-rank p95 and slowest, and how many had no 200. */
export function summary(answers: ProbeAnswer[]) {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b)
  const p95 = sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0
  return {
    count: answers.length,
    p95: Math.round(p95),
    worst: Math.round(sorted.at(-1) ?? 0),
    failed: answers.filter((answer) => answer.status !== 200).length,
    errors: [...new Set(answers.flatMap((answer) => (answer.error ? [answer.error] : [])))],
  }
}

/** The kernel's count of connections it dropped for a full listen queue, all sockets together. */
export function listenOverflows() {
  const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n')
  const names = lines.find((line) => line.startsWith('TcpExt:'))!.split(' ')
  const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]!.split(' ')
  return Number(values[names.indexOf('ListenOverflows')])
}

/**
 * The listen socket on `port`: the connections waiting to be accepted now and the queue's size
 * (the backlog `listen()` asked for, capped by the kernel's somaxconn), as `ss` shows them.
 */
export function listenQueue(port: number) {
  const line = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim()
  const [, waiting, size] = line.split(/\s+/)
  return { waiting: Number(waiting), size: Number(size) }
}
