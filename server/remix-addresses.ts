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
