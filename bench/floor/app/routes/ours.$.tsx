import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useContext } from 'react'

import { SiteMarkupContext, type FloorContext } from '../site-page'

/** `/ours/blog` is the site's `/blog`: its title here, its body markup through the render. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { title } = await (context as unknown as FloorContext).sitePage(`/${params['*'] ?? ''}`)
  return { title }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/**
 * The site's page with none of its components: one element holds its markup, which React hydrates
 * without walking. `display: contents` keeps the body's flex layout as the site's children have it.
 */
export default function OursWithoutComponents() {
  const markup = useContext(SiteMarkupContext)
  return (
    <div
      style={{ display: 'contents' }}
      dangerouslySetInnerHTML={{ __html: markup }}
      suppressHydrationWarning
    />
  )
}
