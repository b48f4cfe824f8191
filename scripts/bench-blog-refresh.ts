/**
 * The refreshes `npm run bench:blog` makes: one post changed at the backend, the server's list
 * let go stale, and /blog asked until the server's log says the refresh that changed it ended.
 */
import { cpuMs, sleep, timedFetch, type MockControl, type RunningServer } from './measure'

/** The post list (and the rendered pages) are stale after this, so refreshes come at will. */
export const TTL_S = 2

export type Refreshes = { count: () => number }

/** Counts the server's log lines for refreshes that changed the list. */
export function refreshCounter(server: RunningServer) {
  let count = 0
  let pending = ''
  server.process.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + String(chunk)).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      if (line.includes('"msg":"blog post list refreshed"') && !line.includes('"changed":false')) {
        count += 1
      }
    }
  })
  return { count: () => count }
}

/** Changes one post at the backend and lets the server's list go stale. */
export async function prepareChange(mock: MockControl, revision: number) {
  await mock.setState({ revision })
  // The mock builds the changed answer now, not while the server waits for it.
  await timedFetch(`${mock.url}/app/posts/`)
  await sleep(TTL_S * 1000 + 50)
}

export async function refreshWithOneChange(
  server: RunningServer,
  mock: MockControl,
  refreshes: Refreshes,
  revision: number,
) {
  await prepareChange(mock, revision)
  return triggerRefresh(server, refreshes)
}

/**
 * Asks for /blog (served from the stale list at once; the refresh runs behind it) and waits for
 * the refresh's log line; gives the server's CPU time and the wall time it took.
 */
export async function triggerRefresh(server: RunningServer, refreshes: Refreshes) {
  const before = refreshes.count()
  const cpuBefore = cpuMs(server.process.pid!)
  const started = performance.now()
  await timedFetch(`${server.url}/blog`)
  const deadline = Date.now() + 120_000
  let askedAgain = Date.now()
  while (refreshes.count() === before) {
    if (Date.now() > deadline) throw new Error('no refresh within 2 minutes')
    // On a busy machine a refresh of the unchanged list (asked by the post viewed last) can end
    // after the change was made, and the list is then fresh: ask again once it is stale.
    if (Date.now() - askedAgain > TTL_S * 1000 + 50) {
      askedAgain = Date.now()
      await timedFetch(`${server.url}/blog`)
    }
    await sleep(5)
  }
  return {
    cpuMs: cpuMs(server.process.pid!) - cpuBefore,
    ms: Math.round(performance.now() - started),
  }
}
