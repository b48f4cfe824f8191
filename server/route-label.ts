import type { ServerBuild } from '@remix-run/node'
import { matchRoutes } from '@remix-run/react'
import type { Request } from 'express'

import { pagePathOf, ROUTE_MANIFEST_PATH, segmentsOf, shapeOf } from './remix-addresses'

type RouteNode = Parameters<typeof matchRoutes>[0][number]

/** The catch-all route that answers every address no other route takes. */
const CATCH_ALL_ROUTE_ID = 'routes/$'
export const NOT_FOUND_LABEL = 'not-found'
/** Remix's browser code asking for the routes of the links it sees (lazy route discovery). */
export const ROUTE_MANIFEST_LABEL = 'route-manifest'
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
  let known: { build: ServerBuild; tree: RouteNode[] } | undefined

  // The router ranks and matches every route on each call: 33 µs for a post, 61 µs for `/`,
  // within what separates two runs of `npm run bench` (docs/decisions/023-caches-that-earn-their-place.md).
  return function routeLabel(req: Request): string {
    const build = currentBuild()
    if (known?.build !== build) known = { build, tree: routeTree(build) }
    if (req.path === ROUTE_MANIFEST_PATH) return ROUTE_MANIFEST_LABEL
    // Cut to the routes' depth: past it only splats match, as they match the cut path, and the
    // router's work grows with the segments it is given (a stranger's path may have thousands).
    const cut = segmentsOf(pagePathOf(req.path)).slice(0, shapeOf(build.routes).depth)
    return labelOf(matchRoutes(known.tree, `/${cut.join('/')}`)?.at(-1)?.route.id)
  }
}

function labelOf(routeId: string | undefined) {
  return routeId === undefined || routeId === CATCH_ALL_ROUTE_ID ? NOT_FOUND_LABEL : routeId
}
