import { useLocation } from '@remix-run/react'
import { useEffect, useLayoutEffect } from 'react'

// Neither effect runs on the server, but React warns about a layout effect there on every render.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * The stylesheet scrolls smoothly for in-page links. A route change must not glide: the new page
 * opens at the top (or Back returns to where it was) at once. Rendered before `<ScrollRestoration>`,
 * whose layout effect moves the page right after this one, so that move is instant; smooth
 * scrolling comes back on the next frame.
 */
export function InstantRouteScroll() {
  const { key } = useLocation()
  useBrowserLayoutEffect(() => {
    const root = document.documentElement
    root.style.scrollBehavior = 'auto'
    // Chromium's scrollTo reads the last computed style: reading it applies the change now.
    void getComputedStyle(root).scrollBehavior
    const frame = requestAnimationFrame(() => root.style.removeProperty('scroll-behavior'))
    return () => {
      cancelAnimationFrame(frame)
      root.style.removeProperty('scroll-behavior')
    }
  }, [key])
  return null
}
