import { HERO } from '~/content/home'

/**
 * The hero's title and lead. The page's largest text, its LCP: the floor the pages are measured
 * against shows it alone (bench/floor).
 */
export function HeroHeading({ titleId }: { titleId?: string }) {
  return (
    <>
      <h1
        id={titleId}
        className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
      >
        {HERO.title}
      </h1>
      <p className="mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600 sm:text-xl">
        {HERO.lead}
      </p>
    </>
  )
}
