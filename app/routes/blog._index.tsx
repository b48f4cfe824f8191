import type {
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { BlogHeader, BlogPagination, blogPageHref, PostGrid } from '~/blog/blog-list'
import { BlogEmpty, BlogError } from '~/blog/blog-states'
import { BLOG_COPY } from '~/blog/copy'
import { pageOf } from '~/blog/pagination'
import { BLOG_PAGE_SIZE, getPosts, toPostCards } from '~/blog/posts.server'
import { rssAlternateLink } from '~/blog/seo'
import { blogBreadcrumbs } from '~/blog/structured-data.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { JsonLd } from '~/components/json-ld'
import { getConfig } from '~/lib/config.server'
import { CACHE_CONTROL, PAGE_CACHE_HANDLE } from '~/lib/http-cache.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

export const links: LinksFunction = () => [rssAlternateLink]

export const meta: MetaFunction<typeof loader, RootLoaders> = ({ data, matches }) => {
  const page = data?.status === 'success' ? data.page : 1
  return pageMeta({
    siteUrl: siteUrlFrom(matches),
    path: blogPageHref(page),
    title: page > 1 ? `${BLOG_COPY.metaTitle} (page ${page})` : BLOG_COPY.metaTitle,
    description: BLOG_COPY.metaDescription,
    noIndex: data?.status === 'error',
  })
}

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { 'Cache-Control': CACHE_CONTROL.blog() }
  const result = await getPosts()
  // Built here, so the JSON-LD builders stay out of the browser's JavaScript.
  const jsonLd = blogBreadcrumbs(getConfig().siteUrl)
  if (result.status === 'error') {
    return json({ status: 'error', message: result.message, jsonLd } as const, {
      status: 502,
      headers: { 'Cache-Control': CACHE_CONTROL.failure },
    })
  }
  const page = pageOf(result.posts, new URL(request.url).searchParams.get('page'), BLOG_PAGE_SIZE)
  if (!page) throw new Response('Not Found', { status: 404, headers })
  return json(
    {
      status: 'success',
      posts: await toPostCards(page.items),
      page: page.page,
      pageCount: page.pageCount,
      jsonLd,
    } as const,
    { headers },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders

export const handle = PAGE_CACHE_HANDLE

export default function BlogRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <JsonLd json={data.jsonLd} />
      <BlogHeader />
      <div className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        {data.status === 'error' ? (
          <BlogError message={data.message} />
        ) : data.posts.length === 0 ? (
          <BlogEmpty />
        ) : (
          <>
            <PostGrid posts={data.posts} />
            <BlogPagination page={data.page} pageCount={data.pageCount} />
          </>
        )}
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
