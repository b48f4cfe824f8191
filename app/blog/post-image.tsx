import { useEffect, useRef, useState } from 'react'

/** Post images are drawn at the Open Graph shape (1200×630); the box keeps it before they load. */
export const POST_IMAGE_WIDTH = 1200
export const POST_IMAGE_HEIGHT = 630

type PostImageProps = {
  src: string | null
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean
  className?: string
}

/**
 * A post's image over a neutral placeholder. The placeholder shows when there is no image, and
 * also when it fails: with JavaScript the image is removed, without it the broken image (alt="")
 * draws nothing over the placeholder.
 */
export function PostImage({ src, eager = false, className = '' }: PostImageProps) {
  const [failed, setFailed] = useState(false)
  const image = useRef<HTMLImageElement>(null)

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    const element = image.current
    if (element?.complete && element.naturalWidth === 0) setFailed(true)
  }, [src])
  return (
    <div
      className={`relative aspect-[1200/630] overflow-hidden bg-gradient-to-br from-slate-100 to-slate-200 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="absolute left-1/2 top-1/2 h-12 w-12 -translate-x-1/2 -translate-y-1/2 text-slate-400"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="8.5" cy="9.5" r="1.5" />
        <path d="m21 16-5-5-9 9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {src && !failed ? (
        <img
          ref={image}
          src={src}
          alt=""
          width={POST_IMAGE_WIDTH}
          height={POST_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
    </div>
  )
}
