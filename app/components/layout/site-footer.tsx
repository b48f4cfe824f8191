import { Link } from '@remix-run/react'

import { ExternalLink } from '~/components/ui/external-link'
import { useHydrated } from '~/components/use-hydrated'
import { useSiteConfig } from '~/components/use-site-config'
import { openCookieSettings } from '~/consent/choice'
import { COMPANY } from '~/content/company'

import { Logo } from './logo'

const COMPANY_LINKS = [
  { to: '/#about', label: 'About Us' },
  { to: '/#solutions', label: 'Solutions' },
  { to: '/#how-it-works', label: 'How It Works' },
  { to: '/blog', label: 'Blog' },
]

export function SiteFooter() {
  const site = useSiteConfig()
  // Without JavaScript no analytics can run, so there is no choice to change.
  const isHydrated = useHydrated()
  const linkClass = 'text-slate-300 hover:text-white'
  return (
    <footer className="bg-slate-950 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Link to="/#home" className="text-white" aria-label={`${COMPANY.name} home`}>
            <Logo />
          </Link>
          <p className="mt-4 max-w-md text-sm leading-6 text-slate-300">
            We build AI chatbots, voice agents and workflow automation that answer your customers,
            book their appointments and take the admin off your plate, so UK small businesses can
            grow without hiring for every task.
          </p>
          <ul className="mt-6 flex gap-4" aria-label="Social media">
            {COMPANY.social.map((network) => (
              <li key={network.name}>
                <ExternalLink href={network.href} className={linkClass}>
                  {network.name}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Contact">
          <h2 className="text-sm font-semibold text-white">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to="/#contact" className={linkClass}>
                Get in Touch
              </Link>
            </li>
            {site ? (
              <>
                <li>
                  <ExternalLink href={site.schedulerUrl} className={linkClass}>
                    Book a Call
                  </ExternalLink>
                </li>
                <li>
                  <a href={`mailto:${site.email}`} className={linkClass}>
                    {site.email}
                  </a>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {COMPANY.copyrightYear} {COMPANY.legalName}. Registered in {COMPANY.registeredIn}. All
            rights reserved.
          </p>
          {/* Room on the right for the floating WhatsApp button, which covers this corner. */}
          <ul className="flex flex-wrap gap-x-6 gap-y-2 sm:pr-16">
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            {isHydrated ? (
              <li>
                <button type="button" onClick={openCookieSettings} className={linkClass}>
                  Cookie settings
                </button>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </footer>
  )
}
