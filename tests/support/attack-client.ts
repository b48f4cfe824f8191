/**
 * The attacker of `npm run bench:attack` and of the one-client load test: what one ordinary machine
 * can send, from a loopback address of its own (127.0.0.2 unless ATTACK_SOURCE says otherwise), so
 * that the instance, or the balancer in front of it, tells it apart from the visitor being timed.
 * Every pattern stops at its count or after `seconds`, whichever comes first. It runs in a process
 * of its own, at the lowest priority, and prints its tally as JSON on its last line.
 *
 *   tsx tests/support/attack-client.ts <pattern> <base url> <seconds> <site origin>
 *
 * patterns: search, queries, odd, enquiries, headers, bodies, combined
 */
import http from 'node:http'
import net from 'node:net'
import zlib from 'node:zlib'

export const ATTACK_PATTERNS = [
  'search',
  'queries',
  'odd',
  'enquiries',
  'headers',
  'bodies',
  'combined',
] as const
export type AttackPattern = (typeof ATTACK_PATTERNS)[number]

/** What the attacker saw: answers by status, failures by code, and the connection patterns' fate. */
export type AttackTally = {
  sent: number
  statuses: Record<string, number>
  errors: Record<string, number>
  slowSendersClosedByServer: number
  idleClosedByServer: number
  idleOpenAtEnd: number
}

type Attack = {
  method: string
  path: string
  headers?: Record<string, string>
  /** a whole body, or chunks sent without a length */
  body?: Buffer | { chunks: number; chunk: Buffer }
}

const CONNECTIONS = 50
const REQUEST_TIMEOUT_MS = 10_000

const random = (n: number) => Math.floor(Math.random() * n)
const word = () =>
  Math.random()
    .toString(36)
    .slice(2, 2 + 3 + random(6))
const REGEX_CHARACTERS = '.*+?^${}()|[]\\(((a+)+)+'

/** Each pattern: its requests, and how many at most (the counts). */
function patternOf(
  pattern: Exclude<AttackPattern, 'combined'>,
  origin: string,
): { count: number; next: (i: number) => Attack } {
  switch (pattern) {
    case 'search':
      return {
        count: 2000,
        next: (i) => {
          const kind = i % 3
          const query =
            kind === 0
              ? `${word()} ${word()}`
              : kind === 1
                ? Array.from({ length: 400 }, word).join(' ').slice(0, 2000)
                : `${REGEX_CHARACTERS}${word()}`
          return { method: 'GET', path: `/blog?q=${encodeURIComponent(query)}` }
        },
      }
    case 'queries':
      return {
        count: 3000,
        next: (i) => {
          const paths = [
            `/?x=${word()}`,
            `/blog?page=${random(1_000_000)}`,
            `/blog/${word()}-${word()}`,
          ]
          return { method: 'GET', path: paths[i % 3]! }
        },
      }
    case 'odd':
      return {
        count: 2000,
        next: (i) => {
          const odd: Attack[] = [
            { method: 'PROPFIND', path: '/' },
            { method: 'TRACE', path: '/' },
            { method: 'OPTIONS', path: '/blog' },
            { method: 'PUT', path: '/contact' },
            { method: 'GET', path: `/${'a/'.repeat(3500)}` },
            { method: 'POST', path: `/${'b'.repeat(7000)}` },
            { method: 'GET', path: '/%00' },
            { method: 'GET', path: '/../../etc/passwd' },
            { method: 'GET', path: `/blog/%E0%A4%A${word()}` },
          ]
          return odd[i % odd.length]!
        },
      }
    case 'enquiries':
      return {
        count: 2000,
        next: () => {
          const fields = new URLSearchParams({
            firstName: word(),
            lastName: word(),
            email: `${word()}@example.com`,
            phone: '+44 20 7946 0000',
            businessName: word(),
            message: `${word()} `.repeat(20),
          })
          return {
            method: 'POST',
            path: '/contact',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
            body: Buffer.from(String(fields)),
          }
        },
      }
    case 'headers':
      return {
        count: 2200,
        next: (i) => ({
          method: 'GET',
          path: '/',
          headers: { 'x-padding': 'a'.repeat(i % 11 === 10 ? 64 * 1024 : 16 * 1024) },
        }),
      }
    case 'bodies': {
      const fiveMb = Buffer.alloc(5 * 1024 * 1024, 'a')
      // 100 MB of zeros, about 100 KB once compressed.
      const bomb = zlib.gzipSync(Buffer.alloc(100 * 1024 * 1024))
      const form = { 'content-type': 'application/x-www-form-urlencoded', origin }
      return {
        count: 350,
        next: (i) =>
          [
            { method: 'POST', path: '/contact', headers: form, body: fiveMb },
            {
              method: 'POST',
              path: '/contact',
              headers: form,
              body: { chunks: 80, chunk: Buffer.alloc(64 * 1024, 'a') },
            },
            {
              method: 'POST',
              path: '/contact',
              headers: { ...form, 'content-encoding': 'gzip' },
              body: bomb,
            },
          ][i % 3]!,
      }
    }
  }
}

function count(record: Record<string, number>, key: string) {
  record[key] = (record[key] ?? 0) + 1
}

/** One request on the agent's connections; its status or failure goes into the tally. */
function send(base: URL, agent: http.Agent, attack: Attack, tally: AttackTally) {
  return new Promise<void>((resolve) => {
    let settled = false
    const settle = (key: string, isStatus: boolean) => {
      if (settled) return
      settled = true
      count(isStatus ? tally.statuses : tally.errors, key)
      resolve()
    }
    const headers = { ...attack.headers }
    if (Buffer.isBuffer(attack.body)) headers['content-length'] = String(attack.body.length)
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: attack.method,
        path: attack.path,
        headers,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume()
        response.on('end', () => settle(String(response.statusCode), true))
        response.on('error', () => settle(String(response.statusCode), true))
      },
    )
    request.on('timeout', () => {
      request.destroy()
      settle('timeout', false)
    })
    request.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? 'error', false))
    tally.sent += 1
    const body = attack.body
    if (!body) request.end()
    else if (Buffer.isBuffer(body)) request.end(body)
    else {
      let left = body.chunks
      const more = () => {
        while (left > 0) {
          left -= 1
          if (!request.write(body.chunk)) return void request.once('drain', more)
        }
        request.end()
      }
      more()
    }
  })
}

/** CONNECTIONS requests at a time, until the count is sent or the deadline passes. */
async function flood(
  base: URL,
  source: string,
  { count: total, next }: ReturnType<typeof patternOf>,
  deadline: number,
  tally: AttackTally,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, localAddress: source })
  let issued = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (issued < total && Date.now() < deadline) {
        issued += 1
        await send(base, agent, next(issued), tally)
      }
    }),
  )
  agent.destroy()
}

/**
 * Connections that hold a place without asking for work: senders of one header line every two
 * seconds that never finish, and keep-alive connections idle after one answer. A connection the
 * server closes is opened again, as an attacker would.
 */
function holdConnections(
  base: URL,
  source: string,
  slow: number,
  idle: number,
  tally: AttackTally,
) {
  const sockets = new Set<net.Socket>()
  let stopping = false
  const open = (kind: 'slow' | 'idle') => {
    if (stopping) return
    const socket = net.connect({
      host: base.hostname,
      port: Number(base.port),
      localAddress: source,
    })
    sockets.add(socket)
    // A reset is the server's answer to a connection past its bounds: 'close' counts it.
    socket.on('error', () => undefined)
    let timer: NodeJS.Timeout | undefined
    socket.on('connect', () => {
      if (kind === 'slow') {
        socket.write(`GET / HTTP/1.1\r\nHost: ${base.host}\r\n`)
        timer = setInterval(() => socket.write(`X-${word()}: ${word()}\r\n`), 2000)
      } else {
        socket.write(
          `GET /favicon.svg HTTP/1.1\r\nHost: ${base.host}\r\nConnection: keep-alive\r\n\r\n`,
        )
        socket.resume()
      }
    })
    socket.on('close', () => {
      clearInterval(timer)
      sockets.delete(socket)
      if (stopping) return
      if (kind === 'slow') tally.slowSendersClosedByServer += 1
      else tally.idleClosedByServer += 1
      setTimeout(() => open(kind), 100)
    })
  }
  // Opened 100 at a time, as fast as a machine on loopback does it without flooding its own stack.
  const kinds = [...Array<'slow'>(slow).fill('slow'), ...Array<'idle'>(idle).fill('idle')]
  const opening = (async () => {
    for (let i = 0; i < kinds.length && !stopping; i += 100) {
      for (const kind of kinds.slice(i, i + 100)) open(kind)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return async () => {
    await opening
    tally.idleOpenAtEnd = [...sockets].filter((socket) => !socket.destroyed).length
    stopping = true
    for (const socket of sockets) socket.destroy()
  }
}

export async function attack(
  pattern: AttackPattern,
  baseUrl: string,
  seconds: number,
  origin: string,
  source = '127.0.0.2',
): Promise<AttackTally> {
  const base = new URL(baseUrl)
  // Built first: a gzip bomb takes a while to make at the lowest priority, and is not the attack.
  const requests = patternOf(pattern === 'combined' ? 'search' : pattern, origin)
  const deadline = Date.now() + seconds * 1000
  const tally: AttackTally = {
    sent: 0,
    statuses: {},
    errors: {},
    slowSendersClosedByServer: 0,
    idleClosedByServer: 0,
    idleOpenAtEnd: 0,
  }
  if (pattern !== 'combined') {
    await flood(base, source, requests, deadline, tally)
    return tally
  }
  const release = holdConnections(base, source, 500, 4000, tally)
  // The held connections first, then the search flood on top, to the same end.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  await flood(base, source, requests, deadline, tally)
  await release()
  return tally
}

if (process.argv[1] === import.meta.filename) {
  const [pattern, baseUrl, seconds, origin] = process.argv.slice(2)
  if (!ATTACK_PATTERNS.includes(pattern as AttackPattern) || !baseUrl) {
    console.error(`usage: attack-client.ts <${ATTACK_PATTERNS.join('|')}> <url> <seconds> <origin>`)
    process.exit(2)
  }
  const tally = await attack(
    pattern as AttackPattern,
    baseUrl,
    Number(seconds ?? 12),
    origin ?? baseUrl,
    process.env.ATTACK_SOURCE,
  )
  console.log(JSON.stringify(tally))
}
