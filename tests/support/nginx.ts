/**
 * Debian's nginx as a shared cache in front of instances of the site, configured as
 * docs/operations.md recommends: it keeps what the site marks public for as long as its
 * Cache-Control says, serves it stale while it revalidates and while the site fails, and never
 * keeps an answer that sets a cookie nor answers from the cache a visitor with a flash message.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort, spawnAnswering } from './stack'
import { validateTierOnly } from './tier'

/** Debian installs it in /usr/sbin, which is not on every user's PATH. */
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'

/**
 * The cache and the proxy (docs/operations.md shows the same text): an `http` block's contents,
 * for `listen` on `frontendPort` with the cache's files under `cacheDir`.
 */
export function nginxCacheConfig(frontendPort: number, instancePorts: number[], cacheDir: string) {
  const servers = instancePorts.map((port) => `  server 127.0.0.1:${port};`)
  return `# Kept for as long as each answer's Cache-Control allows (s-maxage, stale-while-revalidate,
# stale-if-error); unused entries go after a day, the longest the site lets one be served stale.
proxy_cache_path ${cacheDir} levels=1:2 keys_zone=site:10m max_size=1g inactive=1d use_temp_path=off;

# Each client address: 256 connections at once, 300 requests a second with bursts of 3,000.
limit_conn_zone $binary_remote_addr zone=per_address:10m;
limit_req_zone $binary_remote_addr zone=requests:10m rate=300r/s;

upstream site {
${servers.join('\n')}
  keepalive 16;
  # Shorter than the instances' own 20 s: a kept connection is never one an instance is closing.
  keepalive_timeout 15s;
}

server {
  listen 127.0.0.1:${frontendPort};
  # A request's headers within 5 s, its body with no 10 s pause; idle visitors go after 15 s.
  client_header_timeout 5s;
  client_body_timeout 10s;
  keepalive_timeout 15s;
  limit_conn per_address 256;
  limit_req zone=requests burst=3000 nodelay;
  limit_conn_status 429;
  limit_req_status 429;

  location / {
    proxy_pass http://site;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;

    proxy_cache site;
    proxy_cache_key $scheme$host$request_uri;
    # An answer that is stale or cannot be had is served from the cache while one request
    # fetches it again in the background, and for as long as the site fails.
    proxy_cache_use_stale error timeout http_500 http_502 http_503 http_504 updating;
    proxy_cache_background_update on;
    # Visitors asking for the same missing page wait for one request to the site.
    proxy_cache_lock on;
    # A stale page is asked for again with its ETag: a 304 keeps it.
    proxy_cache_revalidate on;
    # A visitor with a flash message gets a page of their own: neither read from nor stored.
    # (An answer with Set-Cookie, or private or no-store, is never stored either.)
    proxy_cache_bypass $cookie_toast;
    proxy_no_cache $cookie_toast;
    add_header X-Cache-Status $upstream_cache_status always;
  }
}
`
}

/** The whole file the test runs: the cache and proxy above, with every file nginx writes in `dir`. */
export function nginxConfig(frontendPort: number, instancePorts: number[], dir: string) {
  const site = nginxCacheConfig(frontendPort, instancePorts, path.join(dir, 'cache'))
  return `# Workers write the cache in a directory only its owner may enter.
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;

events {
  worker_connections 256;
}

http {
  access_log ${path.join(dir, 'access.log')};
  client_body_temp_path ${path.join(dir, 'client_body')};
  proxy_temp_path ${path.join(dir, 'proxy')};
  fastcgi_temp_path ${path.join(dir, 'fastcgi')};
  uwsgi_temp_path ${path.join(dir, 'uwsgi')};
  scgi_temp_path ${path.join(dir, 'scgi')};

${site.replace(/^(?=.)/gm, '  ')}}
`
}

export type RunningNginx = {
  url: string
  /** where nginx keeps the cached answers, one file each */
  cacheDir: string
  /** nginx's error log so far */
  errors: () => string
  stop: () => Promise<void>
}

/** Starts nginx in the foreground on a free port and waits until it answers. */
export async function startNginx(instancePorts: number[]): Promise<RunningNginx> {
  validateTierOnly('nginx')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'))
  const configPath = path.join(dir, 'nginx.conf')
  const errorLog = path.join(dir, 'error.log')
  const errors = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '')
  const port = await freePort()
  fs.writeFileSync(configPath, nginxConfig(port, instancePorts, dir))
  const url = `http://127.0.0.1:${port}`
  // /healthz: an answer nobody caches (no-store).
  const { child, exited } = await spawnAnswering(
    'nginx',
    NGINX,
    ['-p', dir, '-c', configPath, '-g', 'daemon off;'],
    `${url}/healthz`,
    errors,
  )
  return {
    url,
    cacheDir: path.join(dir, 'cache'),
    errors,
    stop: async () => {
      // SIGTERM: nginx's fast stop; the master waits for its workers to exit.
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
