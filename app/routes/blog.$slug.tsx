import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { BlogPost } from '~/blog/blog-post'
import { BlogError, PostNotFound } from '~/blog/blog-states'
import { BLOG_COPY } from '~/blog/copy'
import { MorePosts } from '~/blog/more-posts'
import {
  CONTENT_RETRY_AFTER_S,
  findPostBySlug,
  getPosts,
  postsFreshForS,
} from '~/blog/posts.server'
import { postsAround } from '~/blog/related-posts'
import { postPath, rssAlternateLink } from '~/blog/seo'
import { blogPostingJsonLd } from '~/blog/structured-data.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { COMPANY } from '~/content/company'
import { previewImage } from '~/images/image-set'
import { getConfig } from '~/lib/config.server'
import { pageCacheHandle } from '~/lib/constants'
import { CACHE_CONTROL, loaderOrErrorHeaders } from '~/lib/http-cache.server'
import { pageMeta, siteUrlFrom, type RootLoaders } from '~/lib/meta'

export const links: LinksFunction = () => [rssAlternateLink]

export const meta: MetaFunction<typeof loader, RootLoaders> = ({ data, matches, params }) => {
  const siteUrl = siteUrlFrom(matches)
  if (data?.status !== 'found') {
    return pageMeta({
      siteUrl,
      path: postPath(params.slug ?? ''),
      title:
        data?.status === 'not-found'
          ? `${BLOG_COPY.notFound} | ${COMPANY.name}`
          : BLOG_COPY.metaTitle,
      description: BLOG_COPY.metaDescription,
      noIndex: true,
    })
  }
  const { post } = data
  return [
    ...pageMeta({
      siteUrl,
      path: postPath(post.slug),
      title: `${post.title} | ${COMPANY.name}`,
      description: post.teaser,
      // The post's image as a 1200×630 JPEG where the site makes it; the site's card without one.
      image: post.image ? { ...previewImage(post.image), alt: post.title } : undefined,
      type: 'article',
    }),
    { property: 'article:published_time', content: post.publishedAt },
    ...(post.updatedAt ? [{ property: 'article:modified_time', content: post.updatedAt }] : []),
    { property: 'article:author', content: post.author },
    { property: 'article:section', content: post.category },
  ]
}

export async function loader({ params }: LoaderFunctionArgs) {
  const result = await findPostBySlug(params.slug ?? '')
  const headers = { 'Cache-Control': CACHE_CONTROL.blog(postsFreshForS()) }
  if (result.status === 'error') {
    return data({ status: 'error', message: result.message } as const, {
      status: 502,
      headers: { 'Cache-Control': CACHE_CONTROL.failure },
    })
  }
  if (result.status === 'not-found') {
    return data({ status: 'not-found' } as const, { status: 404, headers })
  }
  // The card's date stays behind: the post page shows the long form.
  const { cardDate: _cardDate, ...post } = result.post
  const jsonLd = blogPostingJsonLd(result.post, getConfig().siteUrl)
  const listed = await getPosts()
  const more = postsAround(result.post, listed.status === 'success' ? listed.posts : [])
  // Shown without its content this time: a 503 that no cache keeps tells
  // crawlers to come back rather than index an empty post.
  if (result.contentUnavailable) {
    return data({ status: 'found', post, jsonLd, ...more } as const, {
      status: 503,
      headers: {
        'Cache-Control': CACHE_CONTROL.failure,
        'Retry-After': String(CONTENT_RETRY_AFTER_S),
      },
    })
  }
  return data({ status: 'found', post, jsonLd, ...more } as const, { headers })
}

export const headers = loaderOrErrorHeaders

export const handle = pageCacheHandle()

export default function BlogPostRoute() {
  const data = useLoaderData<typeof loader>()
  if (data.status === 'error') {
    return (
      <div className="px-4 py-24">
        <BlogError message={data.message} />
      </div>
    )
  }
  if (data.status === 'not-found') return <PostNotFound />
  return (
    <>
      <BlogPost post={data.post} jsonLd={data.jsonLd} />
      <MorePosts related={data.related} previous={data.previous} next={data.next} />
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
