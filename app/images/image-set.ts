/**
 * The variants a post image is offered in, and their addresses. Shared by the server (which makes
 * them) and the pages (which list them in `srcset`), so both name the same fixed set.
 */

/**
 * Widths in device pixels. Each common drawing finds one just above it: a card on a 1x desktop
 * (384 CSS px) 400; Lighthouse's phone (380 CSS px at 1.75x, 665 px) 720; the post's column on a
 * 1x desktop (832 CSS px) and a 2x desktop's card (768 px) 960; link previews 1200; the post's
 * column on a 2x desktop (1,664 px) 1680.
 */
export const IMAGE_WIDTHS = [400, 720, 960, 1200, 1680] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

/** Best first: the browser takes the first `<source>` whose type it knows; JPEG is for the rest. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]
export const IMAGE_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
}

/**
 * `cover`: cut to the 1200×630 box that post images are drawn in (cards, a post's header, link
 * previews), so the hidden part of a 4:3 photo is never sent. `full`: the whole image, for
 * images inside a post's content.
 */
export const IMAGE_FITS = ['cover', 'full'] as const
export type ImageFit = (typeof IMAGE_FITS)[number]

/** The shape of the `cover` box. */
export const COVER_WIDTH = 1200
export const COVER_HEIGHT = 630

/**
 * A post image as a page shows it: `token` when the site makes its variants (the backend's media
 * or an allowed host: the signed source, see images/sources.server.ts), else `url`, shown as given
 * (an SVG, or an `https:` image on another host).
 */
export type SiteImage = { token: string } | { url: string }

/** Where one variant is served. Everything that makes it differ is in the path, none in a query. */
export function variantPath(token: string, fit: ImageFit, width: ImageWidth, format: ImageFormat) {
  return `/images/${token}/${fit}-${width}.${format}`
}

export type ImageSources = {
  /** AVIF then WebP, each with every width */
  sources: { type: string; srcSet: string }[]
  /** the JPEG variants: what a browser without either takes */
  srcSet: string
  /** the JPEG at the widest width, for `src` */
  src: string
}

/** Every variant of a signed image, as `<picture>` lists them. */
export function imageSources(token: string, fit: ImageFit): ImageSources {
  const srcSet = (format: ImageFormat) =>
    IMAGE_WIDTHS.map((width) => `${variantPath(token, fit, width, format)} ${width}w`).join(', ')
  return {
    sources: (['avif', 'webp'] as const).map((format) => ({
      type: IMAGE_TYPES[format],
      srcSet: srcSet(format),
    })),
    srcSet: srcSet('jpg'),
    src: variantPath(token, fit, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!, 'jpg'),
  }
}

/**
 * How wide post images are drawn, for `sizes` (Tailwind's breakpoints and paddings of the
 * components that draw them; a test measures them in the browser).
 */
export const IMAGE_SIZES = {
  /** A card of the blog grid: 1, 2 or 3 columns in a 1280 px container with 32 px gaps. */
  card: '(min-width: 1280px) 384px, (min-width: 1024px) calc((100vw - 128px) / 3), (min-width: 640px) calc((100vw - 80px) / 2), calc(100vw - 32px)',
  /** A post's own image: its column, 896 px at most with 16 to 32 px padding. */
  post: '(min-width: 1024px) 832px, (min-width: 896px) 848px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
  /** An image in a post's text: the prose column, 768 px at most. */
  content: '(min-width: 816px) 768px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
} as const

/** What a link preview or structured data shows: a variant's 1200×630 JPEG, or the image as given. */
export function previewImage(image: SiteImage): { url: string; width?: number; height?: number } {
  if ('url' in image) return { url: image.url }
  return {
    url: variantPath(image.token, 'cover', COVER_WIDTH, 'jpg'),
    width: COVER_WIDTH,
    height: COVER_HEIGHT,
  }
}
