import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { BlogHeader, BlogPagination, blogPageHref, PostGrid, SearchStatus } from '~/blog/blog-list'
import { BlogEmpty, BlogError } from '~/blog/blog-states'
import { CategoryNav } from '~/blog/category-nav'
import { BLOG_COPY } from '~/blog/copy'
import { listingPage } from '~/blog/listing.server'
import { getPosts, postsFreshForS, searchPosts } from '~/blog/posts.server'
import { SearchForm } from '~/blog/search-form'
import { searchQueryOf } from '~/blog/search.server'
import { BLOG_PATH, rssAlternateLink } from '~/blog/seo'
import { blogBreadcrumbs } from '~/blog/structured-data.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { JsonLd } from '~/components/json-ld'
import { getConfig } from '~/lib/config.server'
import { pageCacheHandle } from '~/lib/constants'
import { CACHE_CONTROL, loaderOrErrorHeaders } from '~/lib/http-cache.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

export const links: LinksFunction = () => [rssAlternateLink]

export const meta: MetaFunction<typeof loader, RootLoaders> = ({ data, matches }) => {
  const page = data?.status === 'success' ? data.page : 1
  const query = data?.query ?? ''
  const title = query ? `Posts matching “${query}” | ${BLOG_COPY.metaTitle}` : BLOG_COPY.metaTitle
  return pageMeta({
    siteUrl: siteUrlFrom(matches),
    // A search is no page of its own for search engines: no canonical address, not indexed.
    path: query ? undefined : blogPageHref(page),
    title: page > 1 ? `${title} (page ${page})` : title,
    description: BLOG_COPY.metaDescription,
    noIndex: data?.status === 'error' || query !== '',
  })
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const query = searchQueryOf(params.get('q'))
  const result = await getPosts()
  const headers = { 'Cache-Control': CACHE_CONTROL.blog(postsFreshForS()) }
  // Built here, so the JSON-LD builders stay out of the browser's JavaScript.
  const jsonLd = blogBreadcrumbs(getConfig().siteUrl)
  if (result.status === 'error') {
    return data({ status: 'error', message: result.message, query, jsonLd } as const, {
      status: 502,
      headers: { 'Cache-Control': CACHE_CONTROL.failure },
    })
  }
  const found = query ? await searchPosts(query) : result
  const listed = found.status === 'success' ? found.posts : []
  const page = await listingPage(listed, result.posts, params.get('page'))
  if (!page) throw new Response('Not Found', { status: 404, headers })
  return data({ status: 'success', query, matches: listed.length, ...page, jsonLd } as const, {
    headers,
  })
}

export const headers = loaderOrErrorHeaders

export const handle = pageCacheHandle(['q', 'page'])

export default function BlogRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <JsonLd json={data.jsonLd} />
      <BlogHeader>
        {data.status === 'success' && data.total > 0 ? (
          <>
            <SearchForm query={data.query} live />
            <CategoryNav
              categories={data.categories}
              total={data.total}
              currentPath={data.query ? null : BLOG_PATH}
            />
          </>
        ) : null}
      </BlogHeader>
      <div className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        {data.status === 'error' ? (
          <BlogError message={data.message} />
        ) : data.total === 0 ? (
          <BlogEmpty />
        ) : (
          <>
            <SearchStatus query={data.query} matches={data.matches} />
            <PostGrid posts={data.posts} />
            <BlogPagination page={data.page} pageCount={data.pageCount} query={data.query} />
          </>
        )}
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
