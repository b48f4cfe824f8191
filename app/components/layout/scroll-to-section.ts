/** Browser-only helpers for in-page links to the home page's sections. */

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/** A click the page may take over; a modified or middle click keeps the browser's own behaviour. */
export function isPlainLeftClick(event: {
  button: number
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
}): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

/**
 * Scrolls to a section (smoothly, or at once when the visitor asked for less motion), moves the
 * keyboard position there as a native anchor would, and shows its anchor in the address bar.
 * Returns false when the section is not on this page.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id)
  if (!section) return false
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'instant' : 'smooth'
  // Sections carry tabIndex={-1}, so the next Tab continues from the section, as after a native jump.
  section.focus({ preventScroll: true })
  // scrollIntoView honours the stylesheet's scroll-padding-top, so the fixed bar never covers a heading.
  section.scrollIntoView({ behavior, block: 'start' })
  // replaceState keeps the router's own entry (its state), so Back and Forward behave as before.
  window.history.replaceState(window.history.state, '', `#${id}`)
  return true
}
