import type { MetaFunction } from '@remix-run/node'

import { HeroHeading } from '../../../../app/components/home/hero-heading'

export const meta: MetaFunction = () => [{ title: 'Floor' }]

/** The home page's hero title and lead, as the hero renders them, and nothing else. */
export default function Floor() {
  return (
    <main className="mx-auto max-w-7xl px-4 pt-14 pb-16 sm:px-6 lg:px-8">
      <HeroHeading />
    </main>
  )
}
