import { addHook, clearWindow, removeAllHooks, sanitize } from 'isomorphic-dompurify'

import { IMAGE_SIZES, imageSources, type SiteImage } from '~/images/image-set'
import { siteImage, siteImageUrl } from '~/images/sources.server'

import * as rules from './sanitize-rules.server'
import type { SanitizeOutcome, SanitizeTask } from './sanitizer.server'

/**
 * DOMPurify on jsdom. `siteUrl`: links elsewhere open in a new tab; `resolveImage`: how an image
 * is shown, null to drop it; `resolveMedia`: where a player's source loads from, or null.
 */
export type SanitizeOptions = {
  siteUrl: string
  resolveImage: (src: string) => SiteImage | null
  resolveMedia: (src: string) => string | null
}

/** Relative URLs and these schemes only: no javascript:, vbscript:, data: or file: links. */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
/** Raster images only: an inline SVG document is a script host. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif);/i
/** Players whose frames become links to their video, by the frame's host and path. */
const VIDEO_SITES = [
  {
    name: 'YouTube',
    player: /^(?:(?:www\.)?youtube(?:-nocookie)?\.com\/embed|youtu\.be)\/([\w-]{6,20})$/,
    page: 'https://www.youtube.com/watch?v=',
  },
  {
    name: 'Vimeo',
    player: /^(?:player\.vimeo\.com\/video|vimeo\.com)\/(\d{1,20})$/,
    page: 'https://vimeo.com/',
  },
]

/**
 * The sanitiser's worker thread (sanitizer.server.ts), the only place the server loads jsdom:
 * one post, its images and media resolved by the pages' rules (a function cannot cross threads).
 */
export default function sanitizeTask({ dirty, siteUrl, images }: SanitizeTask): SanitizeOutcome {
  try {
    const resolveImage = (src: string) => siteImage(src, images)
    const resolveMedia = (src: string) => siteImageUrl(src, images.backendUrl)
    const html = sanitizeHtml(dirty, { siteUrl, resolveImage, resolveMedia })
    return { status: 'sanitised', html }
  } catch (cause) {
    return { status: 'unparseable', reason: String(cause) }
  }
}

/** Documents parsed in one jsdom window before it is replaced (decision 008). */
const DOCUMENTS_PER_WINDOW = 25
let documentsInWindow = 0

/** One HTML document sanitised (15 to 30 ms for 10 KB); throws when it cannot be parsed. */
export function sanitizeHtml(
  dirty: string,
  { siteUrl, resolveImage, resolveMedia }: SanitizeOptions,
): string {
  installHooks(siteUrl)
  try {
    // RETURN_DOM gives the sanitised <body>, typed as a plain Node.
    const body = sanitize(dirty, {
      ALLOWED_TAGS: [...rules.ALLOWED_TAGS, ...rules.MEDIA_TAGS],
      ALLOWED_ATTR: rules.ALLOWED_ATTR,
      ALLOWED_URI_REGEXP: ALLOWED_URI,
      ADD_FORBID_CONTENTS: rules.DROPPED_WITH_CONTENT,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      RETURN_DOM: true,
    }) as HTMLElement | null
    // A document made of a frameset has no body at all.
    if (!body) return ''
    // Our own markup goes in once DOMPurify is through. Elements are found by tag name, never by
    // selector: jsdom's selector engine keeps about 0.5 MB a document until the window goes.
    for (const player of [...elements(body, 'audio'), ...elements(body, 'video')]) {
      keepPlayer(player, resolveMedia)
    }
    // A source means something only in a player: the content's own <picture> is not kept.
    for (const source of elements(body, 'source')) {
      if (!['AUDIO', 'VIDEO'].includes(source.parentElement?.tagName ?? '')) source.remove()
    }
    for (const image of elements(body, 'img')) showImage(image, resolveImage)
    // A link whose target was unsafe stays as its text, not as a link that goes nowhere.
    for (const link of elements(body, 'a')) {
      if (!link.hasAttribute('href')) link.replaceWith(...Array.from(link.childNodes))
    }
    return body.innerHTML
  } finally {
    removeAllHooks()
    if (++documentsInWindow >= DOCUMENTS_PER_WINDOW) {
      documentsInWindow = 0
      clearWindow()
    }
  }
}

/** The elements of a tag, as a list that stays as it is while they are replaced. */
function elements<K extends keyof HTMLElementTagNameMap>(root: HTMLElement, tag: K) {
  return Array.from(root.getElementsByTagName(tag))
}

/** An image as the page shows it: the site's variants in a <picture>, or an address as given. */
function showImage(image: HTMLImageElement, resolveImage: SanitizeOptions['resolveImage']) {
  const src = image.getAttribute('src') ?? ''
  const shown = SAFE_DATA_IMAGE.test(src) ? { url: src } : src && resolveImage(src)
  if (!shown) return image.remove()
  if ('url' in shown) image.setAttribute('src', shown.url)
  else {
    const { sources, srcSet, src: jpeg } = imageSources(shown.token, 'full')
    const picture = image.ownerDocument.createElement('picture')
    for (const { type, srcSet: srcset } of sources) {
      const source = image.ownerDocument.createElement('source')
      picture.append(setOnly(source, { type, srcset, sizes: IMAGE_SIZES.content }))
    }
    image.replaceWith(picture)
    picture.append(setAttributes(image, { src: jpeg, srcset: srcSet, sizes: IMAGE_SIZES.content }))
  }
  setAttributes(image, { loading: 'lazy', decoding: 'async' })
}

/**
 * A player with only the sources it may load, loading nothing until asked and never playing by
 * itself; without any such source it goes, its content with it.
 */
function keepPlayer(player: Element, resolveMedia: SanitizeOptions['resolveMedia']) {
  // Audio may come from the backend's media (the site passes no video); either from `https:`.
  const accept = (src: string | null) => {
    if (!src) return null
    const url = resolveMedia(src)
    if (url?.startsWith('/')) return player.tagName === 'AUDIO' ? url : null
    // Given in full: a relative address would be one on the backend.
    return url && httpsUrl(src) ? url : null
  }
  let playable = false
  for (const source of Array.from(player.children).filter((child) => child.tagName === 'SOURCE')) {
    const src = accept(source.getAttribute('src'))
    if (src) setOnly(source, { src, type: source.getAttribute('type') })
    else source.remove()
    playable ||= Boolean(src)
  }
  const src = accept(player.getAttribute('src'))
  if (src || playable) setOnly(player, { controls: '', preload: 'none', src })
  else player.remove()
}

/**
 * The link a YouTube or Vimeo frame becomes, or null for any other frame. Where a link cannot go
 * (in a link) or a paragraph cannot (in a paragraph), the page would change when parsed again.
 */
function videoLink(frame: Element): Element | null {
  const url = httpsUrl(frame.getAttribute('src') ?? '')
  const path = url ? `${url.host}${url.pathname}` : ''
  for (const { name, player, page } of VIDEO_SITES) {
    const id = player.exec(path)?.[1]
    if (!id || isInside(frame, 'A')) continue
    const document = frame.ownerDocument
    const link = setAttributes(document.createElement('a'), { href: `${page}${id}` })
    const title = frame.getAttribute('title')?.trim()
    link.textContent = title ? `Watch “${title}” on ${name}` : `Watch the video on ${name}`
    if (isInside(frame, 'P')) return link
    const paragraph = document.createElement('p')
    paragraph.append(link)
    return paragraph
  }
  return null
}

function isInside(node: Element, tagName: string) {
  let parent = node.parentElement
  while (parent && parent.tagName !== tagName) parent = parent.parentElement
  return parent !== null
}

/** Sets these attributes, in this order (null: left out). */
function setAttributes<T extends Element>(element: T, attributes: Record<string, string | null>) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null) element.setAttribute(name, value)
  }
  return element
}

function setOnly<T extends Element>(element: T, attributes: Record<string, string | null>) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name)
  return setAttributes(element, attributes)
}

function installHooks(siteUrl: string) {
  const siteOrigin = new URL(siteUrl).origin
  removeAllHooks()
  addHook('uponSanitizeElement', (node) => {
    // An HTML frame (an SVG element of that name keeps its lower case). The link goes in after
    // it, so DOMPurify sanitises it next like any of the post's links.
    const link = node.nodeName === 'IFRAME' ? videoLink(node as Element) : null
    if (link) (node as Element).after(link)
  })
  addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'src' && /^\s*data:/i.test(data.attrValue)) {
      data.keepAttr = SAFE_DATA_IMAGE.test(data.attrValue.trim())
    }
    // The format of a player's source; nowhere else is it needed.
    if (data.attrName === 'type') data.keepAttr = node.nodeName === 'SOURCE'
  })
  addHook('afterSanitizeAttributes', (node) => {
    const href = node.tagName === 'A' ? node.getAttribute('href') : null
    const url = href === null ? null : URL.parse(href, siteOrigin)
    if (url && /^https?:$/.test(url.protocol) && url.origin !== siteOrigin) {
      setAttributes(node, { target: '_blank', rel: 'noopener noreferrer' })
    }
  })
}

function httpsUrl(src: string) {
  const url = URL.parse(src)
  return url?.protocol === 'https:' ? url : null
}
