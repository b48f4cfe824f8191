import type { MetaFunction } from '@remix-run/node'

import { HOME_SECTIONS } from '~/lib/constants'

export const meta: MetaFunction = () => [{ title: 'Brightwell AI' }]

export default function HomeRoute() {
  return (
    <>
      {HOME_SECTIONS.map((section) => (
        <section key={section.id} id={section.id} className="mx-auto max-w-7xl px-4 py-24">
          <h2 className="text-3xl font-bold">{section.label}</h2>
        </section>
      ))}
    </>
  )
}
