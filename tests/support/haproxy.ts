/**
 * Debian's HAProxy in front of instances of the site, configured as docs/operations.md
 * recommends: it health-checks /readyz, gives each request an X-Request-Id, and retries a request
 * that never reached an instance on another one.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort, spawnAnswering } from './stack'
import { validateTierOnly } from './tier'

/** Debian installs it in /usr/sbin, which is not on every user's PATH. */
const HAPROXY = fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy'

/** The load balancer configuration (docs/operations.md shows the same one). */
export function haproxyConfig(frontendPort: number, instancePorts: number[]) {
  const servers = instancePorts.map((port, index) => `  server site${index + 1} 127.0.0.1:${port}`)
  return `global
  log stdout format raw local0
  # Connections at once, all clients together: each takes two file descriptors.
  maxconn 8000

defaults
  mode http
  log global
  # The id, status and request of each request, on HAProxy's own log.
  log-format "%ID %ST %b/%s %{+Q}r"
  timeout connect 1s
  # A check may take this long before it counts as failed (by default it is 'inter', 200 ms,
  # which a busy instance can miss): a slow instance is not a stopping one.
  timeout check 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 5s
  # A request's headers must arrive whole within 5 s, however slowly they trickle in (408).
  timeout http-request 5s
  # A request waiting for an instance's free slot (its maxconn) waits this long at most (503).
  timeout queue 5s
  # A request that could not be delivered goes to another instance, up to 3 times.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout

frontend web
  bind 127.0.0.1:${frontendPort}
  option forwardfor
  unique-id-format %[uuid()]
  http-request set-header X-Request-Id %[unique-id]
  # Each client address (IPv6 by its /56) is held to 256 connections at once and 3,000 requests
  # in 10 s of any kind: five times what an office of 30 people all loading a page at once sends.
  stick-table type ipv6 size 100k expire 60s store conn_cur,http_req_rate(10s)
  tcp-request connection track-sc0 src,ipmask(32,56)
  tcp-request connection reject if { sc_conn_cur(0) gt 256 }
  http-request return status 429 content-type text/plain string "Too many requests: try again in 10 s." hdr Retry-After 10 hdr Cache-Control no-store if { sc_http_req_rate(0) gt 3000 }
  default_backend site

backend site
  balance roundrobin
  # An enquiry is never sent twice once an instance may have received it.
  http-request disable-l7-retry if METH_POST
  option httpchk GET /readyz
  http-check expect status 200
  # An instance leaves within one check (200 ms) of its first 503, and comes back at its first 200.
  # maxconn: requests in flight per instance; the rest wait here in turn, not on the instance.
  default-server check inter 200ms fall 1 rise 1 maxconn 64
${servers.join('\n')}
`
}

/** Starts HAProxy in the foreground and waits until it answers; its log lines are in output(). */
export async function startHaproxy(instancePorts: number[]) {
  validateTierOnly('HAProxy')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'))
  const configPath = path.join(dir, 'haproxy.cfg')
  const port = await freePort()
  fs.writeFileSync(configPath, haproxyConfig(port, instancePorts))
  const url = `http://127.0.0.1:${port}`
  // -db: stay in the foreground.
  const { child, output, exited } = await spawnAnswering(
    'haproxy',
    HAPROXY,
    ['-db', '-f', configPath],
    `${url}/healthz`,
  )
  return {
    url,
    output,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
