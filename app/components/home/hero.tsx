import { isPlainLeftClick, scrollToSection } from '~/components/layout/scroll-to-section'
import { PRIMARY_BUTTON } from '~/components/ui/button-styles'
import { ExternalLink } from '~/components/ui/external-link'
import { HERO, HERO_ACTIVITY, IMPACT_FIGURES } from '~/content/home'

import { HeroHeading } from './hero-heading'
import { ArrowDownIcon, CalendarIcon, SparkleIcon } from './icons'
import { HomeSection } from './section-heading'

export function Hero({ schedulerUrl }: { schedulerUrl: string }) {
  // Starts under the fixed bar (-mt-16) so the bar's translucent top state shows the gradient.
  return (
    <HomeSection
      id="home"
      className="relative isolate -mt-16 overflow-hidden bg-linear-to-b from-indigo-50 via-white to-white pt-16"
    >
      <HeroBackdrop />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-12 lg:gap-16 lg:px-8 lg:pt-24 lg:pb-20">
        <div className="lg:col-span-7">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3.5 py-1.5 text-sm font-medium text-indigo-700 shadow-xs ring-1 ring-indigo-200">
            <SparkleIcon className="h-4 w-4 shrink-0" />
            {HERO.eyebrow}
          </p>
          <HeroHeading titleId="home-title" />
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center">
            <a
              href="#solutions"
              onClick={(event) => {
                // Scrolls like the navigation; a modified click keeps the browser's own behaviour.
                if (isPlainLeftClick(event) && scrollToSection('solutions')) event.preventDefault()
              }}
              className={`${PRIMARY_BUTTON} inline-flex items-center justify-center gap-2 rounded-xl px-6 py-3.5 text-base shadow-lg shadow-indigo-600/25 transition motion-reduce:transition-none`}
            >
              Explore Solutions
              <ArrowDownIcon className="h-5 w-5" />
            </a>
            <ExternalLink
              href={schedulerUrl}
              className="inline-flex items-center justify-center gap-2 rounded-xl bg-white px-6 py-3.5 text-base font-semibold text-slate-900 shadow-xs ring-1 ring-slate-300 transition hover:bg-slate-50 hover:ring-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 motion-reduce:transition-none"
            >
              <CalendarIcon className="h-5 w-5 text-indigo-600" />
              Schedule a Demo
            </ExternalLink>
          </div>
        </div>
        <HeroActivityCard />
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8 lg:pb-24">
        <h2 className="sr-only">Our impact in numbers</h2>
        <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-slate-200 shadow-sm ring-1 ring-slate-200 lg:grid-cols-4">
          {IMPACT_FIGURES.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col-reverse justify-end gap-1 bg-white px-6 py-6 text-center sm:py-8"
            >
              <dt className="text-sm font-medium text-slate-600 sm:text-base">{figure.label}</dt>
              <dd className="bg-linear-to-r from-indigo-600 to-cyan-600 bg-clip-text text-3xl font-extrabold tracking-tight text-transparent sm:text-4xl">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </HomeSection>
  )
}

/** An example of the offer at work: a real list, so it reads as content and costs no image. */
function HeroActivityCard() {
  return (
    <div className="relative lg:col-span-5">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-tr from-indigo-500/20 to-cyan-400/20 blur-2xl"
      />
      {/* Still on purpose: an endless ping, or a backdrop blur under a card that is nearly opaque,
          has the compositor redraw the hero on every frame for as long as the page is open. */}
      <figure className="rounded-3xl bg-white/90 p-6 shadow-xl ring-1 ring-slate-900/10 sm:p-8">
        <figcaption className="flex items-start gap-3 text-sm font-semibold text-slate-900">
          <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-emerald-500 ring-4 ring-emerald-400/30" />
          {HERO_ACTIVITY.caption}
        </figcaption>
        <ol className="mt-6 space-y-5">
          {HERO_ACTIVITY.items.map((item) => (
            <li key={item.time} className="flex gap-3 sm:gap-4">
              <span className="w-11 shrink-0 pt-0.5 font-mono text-sm text-slate-600 tabular-nums">
                {item.time}
              </span>
              <span className="check-mark flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-1 ring-emerald-200" />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{item.title}</span>
                <span className="mt-0.5 block text-sm leading-6 text-slate-600">{item.detail}</span>
              </span>
            </li>
          ))}
        </ol>
      </figure>
    </div>
  )
}

function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute -top-48 left-1/2 h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-linear-to-tr from-indigo-200 via-sky-100 to-cyan-200 opacity-70 blur-3xl" />
      <svg className="absolute inset-0 h-full w-full stroke-indigo-900/[0.06]">
        <defs>
          <pattern id="hero-grid" width="48" height="48" patternUnits="userSpaceOnUse">
            <path d="M48 0H0v48" fill="none" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-grid)" />
      </svg>
    </div>
  )
}
