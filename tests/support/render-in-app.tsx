/**
 * Server-renders a component the way the site does: as the page of a one-route Remix app whose
 * root loader sends the public settings, so links and useSiteConfig() work as on a real page.
 */
import {
  createRequestHandler,
  type AppLoadContext,
  type EntryContext,
  type ServerBuild,
} from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

import { future } from '../../remix.config.js'

import { TEST_SITE_CONFIG } from './site-config'

function oneRouteBuild(element: ReactElement): ServerBuild {
  const handleDocumentRequest = (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
    _loadContext: AppLoadContext,
  ) =>
    new Response(renderToStaticMarkup(<RemixServer context={context} url={request.url} />), {
      status,
      headers,
    })
  return {
    mode: 'test',
    entry: { module: { default: handleDocumentRequest } },
    routes: {
      root: {
        id: 'root',
        path: '',
        module: { default: () => element, loader: () => ({ site: TEST_SITE_CONFIG }) },
      },
    },
    assets: {
      entry: { imports: [], module: '' },
      routes: {
        root: {
          id: 'root',
          path: '',
          module: '',
          hasLoader: true,
          hasAction: false,
          hasClientLoader: false,
          hasClientAction: false,
          hasErrorBoundary: false,
        },
      },
      url: '',
      version: 'test',
    },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future,
    isSpaMode: false,
  }
}

/** The rendered element, parsed into a detached element (needs the jsdom test environment). */
export async function renderInApp(element: ReactElement): Promise<HTMLElement> {
  const handler = createRequestHandler(oneRouteBuild(element), 'test')
  const response = await handler(new Request(`${TEST_SITE_CONFIG.siteUrl}/`))
  if (response.status !== 200) throw new Error(`rendering failed with ${response.status}`)
  const container = document.createElement('div')
  container.innerHTML = await response.text()
  return container
}
