import type { ServerBuild } from '@remix-run/node'
import { matchRoutes } from '@remix-run/react'
import type { Request } from 'express'
import { LRUCache } from 'lru-cache'

import { pagePathOf, ROUTE_MANIFEST_PATH } from './remix-addresses'

type RouteNode = Parameters<typeof matchRoutes>[0][number]

/** The catch-all route that answers every address no other route takes. */
const CATCH_ALL_ROUTE_ID = 'routes/$'
export const NOT_FOUND_LABEL = 'not-found'
/** Remix's browser code asking for the routes of the links it sees (lazy route discovery). */
export const ROUTE_MANIFEST_LABEL = 'route-manifest'
/**
 * Paths whose label is kept, the most recently labelled first to stay. The router ranks and
 * matches every route anew on each call, a cost a page served from the page cache would
 * otherwise pay on every request; a scanner's endless paths only turn the oldest out.
 */
const LABELS_KEPT = 1_000

/** The build's routes as the nested tree the router matches against. */
function routeTree(build: ServerBuild): RouteNode[] {
  const children = new Map<string, RouteNode[]>()
  const childrenOf = (id: string | undefined) => {
    const key = id ?? ''
    if (!children.has(key)) children.set(key, [])
    return children.get(key)!
  }
  for (const route of Object.values(build.routes)) {
    const { id, path, caseSensitive } = route
    childrenOf(route.parentId).push(
      route.index
        ? { id, path, caseSensitive, index: true }
        : { id, path, caseSensitive, children: childrenOf(id) },
    )
  }
  return childrenOf(undefined)
}

/**
 * Names the Remix route that answers a request, by the id Remix gives it ('routes/blog.$slug'),
 * so that metrics group requests by page instead of by the endless paths clients can send.
 * A page's data (`/blog.data`) counts under the page's route; addresses only the catch-all takes
 * are 'not-found'.
 */
export function remixRouteLabeler(currentBuild: () => ServerBuild) {
  let known: { build: ServerBuild; tree: RouteNode[]; labels: LRUCache<string, string> } | undefined

  return function routeLabel(req: Request): string {
    const build = currentBuild()
    if (known?.build !== build)
      known = { build, tree: routeTree(build), labels: new LRUCache({ max: LABELS_KEPT }) }
    if (req.path === ROUTE_MANIFEST_PATH) return ROUTE_MANIFEST_LABEL
    const { labels } = known
    const path = pagePathOf(req.path)
    let label = labels.get(path)
    if (label === undefined) {
      label = labelOf(matchRoutes(known.tree, path)?.at(-1)?.route.id)
      labels.set(path, label)
    }
    return label
  }
}

function labelOf(routeId: string | undefined) {
  return routeId === undefined || routeId === CATCH_ALL_ROUTE_ID ? NOT_FOUND_LABEL : routeId
}
