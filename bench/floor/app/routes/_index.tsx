import type { MetaFunction } from '@remix-run/node'

import { HERO } from '../../../../app/content/home'

export const meta: MetaFunction = () => [{ title: 'Floor' }]

/** The home page's hero title and lead, with the hero's classes, and nothing else. */
export default function Floor() {
  return (
    <main className="mx-auto max-w-7xl px-4 pt-14 pb-16 sm:px-6 lg:px-8">
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
        {HERO.title}
      </h1>
      <p className="mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600 sm:text-xl">
        {HERO.lead}
      </p>
    </main>
  )
}
