import { useNavigate } from '@remix-run/react'
import { useId, useState, type MouseEvent, type ReactNode } from 'react'

import { isPlainLeftClick } from '~/components/layout/scroll-to-section'

/**
 * True in the browser until the page's first render has been committed: what renders until then
 * is hydrating the server's markup. The site's document marks `<html data-hydrated>` from its
 * effect (read here rather than set from there, so that pages without kept markup load none of
 * this).
 */
function hydrating() {
  return typeof document !== 'undefined' && !document.documentElement.hasAttribute('data-hydrated')
}

const KEPT_ATTRIBUTE = 'data-kept'

/** The server's markup inside the element this render hydrates, or null when there is none. */
function serverMarkup(keptId: string) {
  return document.querySelector(`[${KEPT_ATTRIBUTE}="${CSS.escape(keptId)}"]`)?.innerHTML ?? null
}

type KeptTag = 'article' | 'div' | 'section'

type KeptMarkupProps = {
  as: KeptTag
  children: ReactNode
  className?: string
}

/**
 * Content that never changes in the browser, kept as the server wrote it. While the page
 * hydrates, the element holds the server's markup as its inner HTML, which React neither walks
 * nor compares, so the text and links inside cost no hydration work: main-thread time after the
 * first paint, on a phone. Rendered in the browser later (after a client-side navigation, where
 * there is no server markup to keep), it renders its children as any element does. Where the
 * same element may show other content, give it a `key` that names the content (such as the
 * document's title): markup kept for one content is then never shown for another.
 *
 * Nothing inside may need React: no state, effects or handlers. Its links behave as the app's own,
 * kept or rendered: one listener on the element sends a plain click on a link to another page of
 * the app through the router (as Remix's `Link` does); other links (in-page anchors, new tabs,
 * files, other sites) are the browser's.
 */
export function KeptMarkup({ as: Tag, children, ...attributes }: KeptMarkupProps) {
  const keptId = useId()
  const navigate = useNavigate()
  // Read once, during the render that hydrates: the server's markup stays as it is from then on.
  // Should React render this part anew instead (it does after a hydration error), the copy
  // puts the same markup back rather than leaving the element empty.
  const [keptHtml] = useState(() => (hydrating() ? serverMarkup(keptId) : null))

  function followLink(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || !isPlainLeftClick(event)) return
    const link = (event.target as Element).closest('a[href]')
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return
    if (link.hasAttribute('download')) return
    // The links Remix renders for its routes say so; others (in-page anchors, feeds, files, other
    // sites) are left to the browser.
    if (!link.hasAttribute('data-discover')) return
    const url = new URL(link.href)
    // A path of this origin only: one starting with '//' would read to the router as another site.
    if (url.origin !== window.location.origin || url.pathname.startsWith('//')) return
    const keptLinkPath = `${url.pathname}${url.search}${url.hash}`
    event.preventDefault()
    navigate(keptLinkPath)
  }

  const element = { ...attributes, [KEPT_ATTRIBUTE]: keptId, onClick: followLink }
  if (keptHtml === null) return <Tag {...element}>{children}</Tag>
  return (
    <Tag
      {...element}
      // React compares none of it while hydrating; in development it would check the markup.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: keptHtml }}
    />
  )
}
