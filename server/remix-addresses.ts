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
export const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/** What of a requested path decides the routes route discovery answers with. */
export type RouteShape = {
  /**
   * One past the deepest route's full path (a splat counts one): past the deepest route only
   * splats match, and a path that long already matches every splat that a longer one would.
   */
  depth: number
  /** Every literal segment of every route, lower-cased (routes match regardless of case). */
  literals: ReadonlySet<string>
}

export function routeShape(routes: ServerBuild['routes']): RouteShape {
  const pathOf = (id: string | undefined): string[] => {
    const route = id ? routes[id] : undefined
    return route ? [...pathOf(route.parentId), ...segmentsOf(route.path ?? '')] : []
  }
  const paths = Object.keys(routes).map(pathOf)
  const literals = paths
    .flat()
    .filter((segment) => !segment.startsWith(':') && segment !== '*')
    .map((segment) => segment.replace(/\?$/, '').toLowerCase())
  return {
    depth: 1 + Math.max(0, ...paths.map((path) => path.length)),
    literals: new Set(literals),
  }
}

/** The routes' shape, worked out once per build (a development rebuild brings a new one). */
const shapes = new WeakMap<ServerBuild['routes'], RouteShape>()
export function shapeOf(routes: ServerBuild['routes']) {
  let shape = shapes.get(routes)
  if (!shape) shapes.set(routes, (shape = routeShape(routes)))
  return shape
}

/** A segment no route names: it can be matched only by a parameter or a splat, as any other. */
const UNNAMED = '-'

/** A requested segment as the router reads it (percent-decoded, when it decodes). */
function decoded(segment: string) {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The route manifest's query with each requested path (`p`) reduced to what decides its answer,
 * and each asked once. Remix matches the routes for every prefix of every path it is given: a
 * path of a hundred segments cost a hundred matches, and thirty paths that differ only in a slug
 * cost thirty times as much as one. Each path is cut to `shape.depth` segments, and a segment
 * that no route names literally becomes one placeholder, which matches the same parameters and
 * splats: the routes matched, and so the answer, stay the same.
 */
export function boundedManifestQuery(search: string, shape: RouteShape): string {
  const query = new URLSearchParams(search)
  const reduce = (path: string) =>
    segmentsOf(path)
      .slice(0, shape.depth)
      .map((segment) => (shape.literals.has(decoded(segment).toLowerCase()) ? segment : UNNAMED))
  const paths = new Set(query.getAll('p').map((path) => `/${reduce(path).join('/')}`))
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
