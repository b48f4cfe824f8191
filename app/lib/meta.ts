import type { MetaArgs, MetaDescriptor } from '@remix-run/node'

import { COMPANY } from '~/content/company'
import type { loader as rootLoader } from '~/root'

/** What a route's `meta` sees of the root route: the settings its loader sends to every page. */
export type RootLoaders = { root: typeof rootLoader }

/** An image for link previews; width and height where they are known. */
export type MetaImage = { url: string; alt: string; width?: number; height?: number }

/**
 * The card that shared links show for a page without an image of its own: public/social-card.png,
 * drawn by `npx tsx scripts/social-card.ts`. 1200x630 is what the large link
 * previews of Facebook, LinkedIn and X are drawn at.
 */
export const SOCIAL_CARD: MetaImage = {
  url: '/social-card.png',
  alt: `${COMPANY.name}: ${COMPANY.tagline}`,
  width: 1200,
  height: 630,
}

/** An absolute URL on SITE_URL for a site path; absolute URLs (images elsewhere) stay as they are. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  return new URL(pathOrUrl, `${siteUrl}/`).href
}

/** SITE_URL as the root loader sent it; undefined only when the root itself failed. */
export function siteUrlFrom(matches: MetaArgs<unknown, RootLoaders>['matches']) {
  return matches.find((match) => match.id === 'root')?.data?.site.siteUrl
}

type PageMeta = {
  siteUrl: string | undefined
  title: string
  description: string
  /** The page's own address, for the canonical link; a page that has none (404) leaves it out. */
  path?: string
  /** The site's card when the page has no image of its own. */
  image?: MetaImage
  type?: 'website' | 'article'
  noIndex?: boolean
}

/**
 * Title, description, canonical link and the Open Graph / X tags of one page. A route's `meta`
 * replaces the root's, so every route builds its whole set here.
 */
export function pageMeta({
  siteUrl,
  title,
  description,
  path,
  image = SOCIAL_CARD,
  type = 'website',
  noIndex = false,
}: PageMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: COMPANY.name },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: 'en_GB' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
  if (noIndex) tags.push({ name: 'robots', content: 'noindex' })
  // Crawlers of link previews take only absolute URLs; without SITE_URL there is no right one.
  if (!siteUrl) return tags
  if (path !== undefined) {
    const url = absoluteUrl(siteUrl, path)
    tags.push(
      { tagName: 'link', rel: 'canonical', href: url },
      { property: 'og:url', content: url },
    )
  }
  tags.push(
    { property: 'og:image', content: absoluteUrl(siteUrl, image.url) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:image:alt', content: image.alt },
  )
  if (image.width && image.height) {
    tags.push(
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
    )
  }
  return tags
}
