import type { ServerBuild } from '@remix-run/node'

/**
 * The addresses Remix's browser code asks for besides pages (single fetch and lazy route
 * discovery): a page's data at `/path.data` (`/_root.data` for `/`), and the routes it has not
 * seen yet at `/__manifest`. Remix reads them the same way (`@remix-run/server-runtime`).
 */
const DATA_SUFFIX = /\.data$/
const ROOT_DATA = /^\/_root$/
export const ROUTE_MANIFEST_PATH = '/__manifest'

/** Whether the path asks for a page's data (what the page's loaders return), not the page. */
export function isPageDataPath(path: string): boolean {
  return DATA_SUFFIX.test(path)
}

/** The page a path belongs to: the path itself, or the page whose data it asks for. */
export function pagePathOf(path: string): string {
  return path.replace(DATA_SUFFIX, '').replace(ROOT_DATA, '/')
}

/** Where the browser asks for a page's data: `/contact` → `/contact.data`, `/` → `/_root.data`. */
export function dataPathOf(pagePath: string): string {
  return pagePath === '/' ? '/_root.data' : `${pagePath}.data`
}

/** Whether the path is one Remix answers with data for its browser code, never with a page. */
export function isAppDataPath(path: string): boolean {
  return isPageDataPath(path) || path === ROUTE_MANIFEST_PATH
}

/** Path segments of a route pattern or a requested path: `/blog/:slug` → `['blog', ':slug']`. */
const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/**
 * How many segments of a requested path decide the routes route discovery answers with: one past
 * the deepest route's full path (a splat counts one). Past the deepest route only splats match,
 * and a path that long already matches every splat that a longer one would.
 */
export function decidingSegments(routes: ServerBuild['routes']): number {
  const depthOf = (id: string | undefined): number => {
    const route = id ? routes[id] : undefined
    return route ? segmentsOf(route.path ?? '').length + depthOf(route.parentId) : 0
  }
  return 1 + Math.max(0, ...Object.keys(routes).map(depthOf))
}

/**
 * The route manifest's query with each requested path (`p`) cut to `depth` segments and asked once.
 * Remix matches the routes for every prefix of every path it is given, so a path of a hundred
 * segments cost a hundred matches: cut, it costs at most `depth` (`decidingSegments`), and the answer
 * is the same.
 */
export function boundedManifestQuery(search: string, depth: number): string {
  const query = new URLSearchParams(search)
  const paths = new Set(
    query.getAll('p').map((path) => `/${segmentsOf(path).slice(0, depth).join('/')}`),
  )
  query.delete('p')
  for (const path of paths) query.append('p', path)
  return query.toString()
}

/**
 * Whether the URL asks in Remix's old data protocol (`?_data=`): a tab opened before single fetch,
 * or a crawler. Remix answers it 500 and logs errors; the page cache would key on any value.
 */
export function isLegacyDataRequest(pathAndQuery: string): boolean {
  return new URL(pathAndQuery, 'http://localhost').searchParams.has('_data')
}
