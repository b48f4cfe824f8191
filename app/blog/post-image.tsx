import { useEffect, useRef, useState } from 'react'

import {
  COVER_HEIGHT,
  COVER_WIDTH,
  IMAGE_SIZES,
  imageSources,
  type SiteImage,
} from '~/images/image-set'

/**
 * How soon the image loads: `high` for a page's largest paint (a post's image, the first card),
 * `eager` for the rest of what is in view at first, `lazy` for what is further down.
 */
export type ImagePriority = 'high' | 'eager' | 'lazy'

type PostImageProps = {
  image: SiteImage | null
  /** where it is drawn, for `sizes` */
  drawnAs: 'card' | 'post'
  priority: ImagePriority
  className?: string
}

/**
 * A post's image over a neutral placeholder (a picture mark the stylesheet draws: `photo-mark` in
 * tailwind.css), in the 1200×630 box that keeps its place before it loads. The site's variants
 * are offered as AVIF, WebP and JPEG in every width; the browser takes the first type it knows at
 * the width it draws. The placeholder shows when there is no image, and also when it fails: with
 * JavaScript the image is removed, without it the broken image (alt="") draws nothing over the
 * placeholder.
 */
export function PostImage({ image, drawnAs, priority, className = '' }: PostImageProps) {
  const [failed, setFailed] = useState(false)
  const element = useRef<HTMLImageElement>(null)

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    const current = element.current
    if (current?.complete && current.naturalWidth === 0) setFailed(true)
  }, [image])

  const variants = image && 'token' in image ? imageSources(image.token, 'cover') : null
  const sizes = IMAGE_SIZES[drawnAs]
  return (
    <div
      className={`photo-mark relative aspect-[1200/630] overflow-hidden bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400 ${className}`}
    >
      {image && !failed ? (
        <picture>
          {variants?.sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
          ))}
          <img
            ref={element}
            src={variants ? variants.src : 'url' in image ? image.url : undefined}
            srcSet={variants?.srcSet}
            sizes={variants ? sizes : undefined}
            alt=""
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            loading={priority === 'lazy' ? 'lazy' : 'eager'}
            // React 18 passes the attribute through only in lower case.
            {...{ fetchpriority: priority === 'high' ? 'high' : undefined }}
            decoding={priority === 'high' ? undefined : 'async'}
            onError={() => setFailed(true)}
            className="absolute inset-0 h-full w-full object-cover"
          />
        </picture>
      ) : null}
    </div>
  )
}
