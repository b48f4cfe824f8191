import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { BlogHeader, BlogPagination, blogPageHref, PostGrid } from '~/blog/blog-list'
import { BlogError } from '~/blog/blog-states'
import { categoryPath, categoryRssPath, categoryWithPosts } from '~/blog/categories'
import { CategoryNav } from '~/blog/category-nav'
import { BLOG_COPY } from '~/blog/copy'
import { FINDING_COPY } from '~/blog/finding-copy'
import { listingPage } from '~/blog/listing.server'
import { getPosts, postsFreshForS } from '~/blog/posts.server'
import { SearchForm } from '~/blog/search-form'
import { blogBreadcrumbs } from '~/blog/structured-data.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { JsonLd } from '~/components/json-ld'
import { COMPANY } from '~/content/company'
import { getConfig } from '~/lib/config.server'
import { pageCacheHandle } from '~/lib/constants'
import { CACHE_CONTROL, loaderOrErrorHeaders } from '~/lib/http-cache.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

export const meta: MetaFunction<typeof loader, RootLoaders> = ({ data, matches }) => {
  const siteUrl = siteUrlFrom(matches)
  if (data?.status !== 'success') {
    return pageMeta({
      siteUrl,
      title: data ? BLOG_COPY.metaTitle : `Page not found | ${COMPANY.name}`,
      description: BLOG_COPY.metaDescription,
      noIndex: true,
    })
  }
  const { category, page } = data
  const name = page > 1 ? `${category.name} (page ${page})` : category.name
  return [
    ...pageMeta({
      siteUrl,
      path: blogPageHref(page, { path: categoryPath(category.slug) }),
      title: `${name} | ${BLOG_COPY.metaTitle}`,
      description: `${category.name}: ${BLOG_COPY.metaDescription}`,
    }),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${BLOG_COPY.feedTitle}: ${category.name}`,
      href: categoryRssPath(category.slug),
    },
  ]
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const result = await getPosts()
  const siteUrl = getConfig().siteUrl
  if (result.status === 'error') {
    return data(
      { status: 'error', message: result.message, jsonLd: blogBreadcrumbs(siteUrl) } as const,
      { status: 502, headers: { 'Cache-Control': CACHE_CONTROL.failure } },
    )
  }
  const headers = { 'Cache-Control': CACHE_CONTROL.blog(postsFreshForS()) }
  const found = categoryWithPosts(result.posts, params.slug ?? '')
  if (!found) throw new Response('Not Found', { status: 404, headers })
  const pageParam = new URL(request.url).searchParams.get('page')
  const page = await listingPage(found.posts, result.posts, pageParam)
  if (!page) throw new Response('Not Found', { status: 404, headers })
  const jsonLd = blogBreadcrumbs(siteUrl, found.category)
  return data({ status: 'success', category: found.category, ...page, jsonLd } as const, {
    headers,
  })
}

export const headers = loaderOrErrorHeaders

export const handle = pageCacheHandle(['page'])

export default function BlogCategoryRoute() {
  const data = useLoaderData<typeof loader>()
  if (data.status === 'error') {
    return (
      <>
        <JsonLd json={data.jsonLd} />
        <BlogHeader />
        <div className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
          <BlogError message={data.message} />
        </div>
      </>
    )
  }
  const { category } = data
  return (
    <>
      <JsonLd json={data.jsonLd} />
      <BlogHeader
        heading={category.name}
        intro={
          <>
            {FINDING_COPY.categoryIntro}{' '}
            <a
              href={categoryRssPath(category.slug)}
              className="whitespace-nowrap font-semibold text-indigo-700 underline hover:text-indigo-500"
            >
              {FINDING_COPY.categoryFeed}
            </a>
          </>
        }
      >
        <SearchForm query="" live={false} />
        <CategoryNav
          categories={data.categories}
          total={data.total}
          currentPath={categoryPath(category.slug)}
        />
      </BlogHeader>
      <div className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        <PostGrid posts={data.posts} />
        <BlogPagination
          page={data.page}
          pageCount={data.pageCount}
          path={categoryPath(category.slug)}
        />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
