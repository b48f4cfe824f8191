import { NavLink, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type MouseEvent } from 'react'

import { getActiveSectionId, isNavScrolled } from '~/components/layout/active-section'
import { isPlainLeftClick, scrollToSection } from '~/components/layout/scroll-to-section'
import { PRIMARY_BUTTON } from '~/components/ui/button-styles'
import { ExternalLink } from '~/components/ui/external-link'
import { useSiteConfig } from '~/components/use-site-config'
import { COMPANY } from '~/content/company'
import { HOME_SECTIONS, RETURN_HOME_SCROLL_DELAY_MS, type HomeSectionId } from '~/lib/constants'

import { Logo } from './logo'

function readSectionPositions() {
  return HOME_SECTIONS.flatMap(({ id }) => {
    const section = document.getElementById(id)
    return section ? [{ id, top: section.getBoundingClientRect().top + window.scrollY }] : []
  })
}

/**
 * The fixed top navigation. Every item is a plain link (`/#section`, `/blog`), so it works before
 * and without JavaScript. With JavaScript it scrolls smoothly, highlights the current section,
 * changes style once the page is scrolled, and closes the mobile menu after a choice or Escape.
 * Scroll-derived state starts empty on the server and in hydration, then follows the page.
 */
export function SiteHeader() {
  const site = useSiteConfig()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const isHome = pathname === '/'
  const [isScrolled, setIsScrolled] = useState(false)
  const [activeSectionId, setActiveSectionId] = useState<HomeSectionId>()
  const [pendingSectionId, setPendingSectionId] = useState<HomeSectionId>()
  const menuRef = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    const update = () => {
      setIsScrolled(isNavScrolled(window.scrollY))
      setActiveSectionId(
        isHome ? getActiveSectionId(readSectionPositions(), window.scrollY) : undefined,
      )
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
    }
  }, [isHome])

  // A section link used on another page opened the home page; scroll once it has rendered.
  useEffect(() => {
    if (!isHome || !pendingSectionId) return
    const timer = window.setTimeout(() => {
      scrollToSection(pendingSectionId)
      setPendingSectionId(undefined)
    }, RETURN_HOME_SCROLL_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [isHome, pendingSectionId])

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      const menu = menuRef.current
      if (event.key !== 'Escape' || !menu?.open) return
      const hadFocus = menu.contains(document.activeElement)
      menu.open = false
      if (hadFocus) menu.querySelector('summary')?.focus()
    }
    const closeOnOutsidePress = (event: PointerEvent) => {
      const menu = menuRef.current
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false
    }
    document.addEventListener('keydown', closeOnEscape)
    document.addEventListener('pointerdown', closeOnOutsidePress)
    return () => {
      document.removeEventListener('keydown', closeOnEscape)
      document.removeEventListener('pointerdown', closeOnOutsidePress)
    }
  }, [])

  const closeMenu = () => {
    if (menuRef.current) menuRef.current.open = false
  }

  const goToSection = (event: MouseEvent<HTMLAnchorElement>, id: HomeSectionId) => {
    closeMenu()
    if (!isPlainLeftClick(event)) return
    event.preventDefault()
    if (isHome) {
      scrollToSection(id)
    } else {
      setPendingSectionId(id)
      navigate('/')
    }
  }

  return (
    <header
      data-scrolled={isScrolled}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-300 motion-reduce:transition-none ${
        isScrolled
          ? 'border-slate-200 bg-white/95 shadow-lg shadow-slate-900/5 backdrop-blur'
          : 'border-transparent bg-white/80 backdrop-blur-sm'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a
          href="/#home"
          onClick={(event) => goToSection(event, 'home')}
          className="rounded-md text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          aria-label={`${COMPANY.name} home`}
        >
          <Logo />
        </a>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <NavItems
              linkClass={desktopLinkClass}
              idleClass={desktopIdleClass}
              activeSectionId={activeSectionId}
              onSectionClick={goToSection}
            />
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {site ? (
            <ExternalLink
              href={site.schedulerUrl}
              className={`${PRIMARY_BUTTON} hidden rounded-lg px-4 py-2 text-sm shadow-sm transition motion-reduce:transition-none sm:inline-block`}
            >
              Book a Discovery Call
            </ExternalLink>
          ) : null}
          <details ref={menuRef} className="group relative lg:hidden">
            <summary
              className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden"
              aria-label="Menu"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  strokeLinecap="round"
                  className="group-open:hidden"
                />
                <path
                  d="M6 6l12 12M18 6L6 18"
                  strokeLinecap="round"
                  className="hidden group-open:block"
                />
              </svg>
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute right-0 mt-3 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl"
            >
              <ul>
                <NavItems
                  linkClass={mobileLinkClass}
                  idleClass={mobileIdleClass}
                  activeSectionId={activeSectionId}
                  onSectionClick={goToSection}
                  onBlogClick={closeMenu}
                />
                {site ? (
                  <li>
                    <ExternalLink
                      href={site.schedulerUrl}
                      onClick={closeMenu}
                      className={`${PRIMARY_BUTTON} mt-1 block rounded-lg px-3 py-2.5 text-center text-base`}
                    >
                      Book a Discovery Call
                    </ExternalLink>
                  </li>
                ) : null}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  )
}

const desktopLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 motion-reduce:transition-none'
const activeClass = 'bg-indigo-50 text-indigo-700'
const desktopIdleClass = 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
const mobileIdleClass = 'text-slate-700 hover:bg-slate-100'
const mobileLinkClass =
  'block rounded-lg px-3 py-2.5 text-base font-medium focus-visible:outline-2 focus-visible:outline-indigo-600'

/** The section items and Blog, as the desktop bar and the mobile menu both list them. */
function NavItems({
  linkClass,
  idleClass,
  activeSectionId,
  onSectionClick,
  onBlogClick,
}: {
  linkClass: string
  idleClass: string
  activeSectionId: HomeSectionId | undefined
  onSectionClick: (event: MouseEvent<HTMLAnchorElement>, id: HomeSectionId) => void
  onBlogClick?: () => void
}) {
  return (
    <>
      {HOME_SECTIONS.map((section) => {
        const isActive = section.id === activeSectionId
        return (
          <li key={section.id}>
            <a
              href={`/#${section.id}`}
              aria-current={isActive ? 'true' : undefined}
              onClick={(event) => onSectionClick(event, section.id)}
              className={`${linkClass} ${isActive ? activeClass : idleClass}`}
            >
              {section.label}
            </a>
          </li>
        )
      })}
      <li>
        <NavLink
          to="/blog"
          onClick={onBlogClick}
          className={({ isActive }) => `${linkClass} ${isActive ? activeClass : idleClass}`}
        >
          Blog
        </NavLink>
      </li>
    </>
  )
}
