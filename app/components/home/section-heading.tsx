import type { ReactNode } from 'react'

import type { HomeSectionId } from '~/lib/constants'

type SectionHeadingProps = {
  /** id of the h2, for the section's aria-labelledby */
  id: string
  eyebrow: string
  title: string
  lead?: string
  tone?: 'light' | 'dark'
}

export function SectionHeading({ id, eyebrow, title, lead, tone = 'light' }: SectionHeadingProps) {
  const isDark = tone === 'dark'
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p
        className={`text-sm font-semibold uppercase tracking-widest ${isDark ? 'text-cyan-300' : 'text-indigo-700'}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${isDark ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {lead ? (
        <p
          className={`mt-5 text-lg leading-8 text-pretty ${isDark ? 'text-slate-300' : 'text-slate-600'}`}
        >
          {lead}
        </p>
      ) : null}
    </div>
  )
}

/**
 * One of the home page's anchored sections, named by its h2 (`${id}-title`). Focusable, so an
 * in-page link moves the keyboard there, without a focus ring of its own; the stylesheet's
 * scroll-padding-top keeps its heading clear of the fixed bar.
 */
export function HomeSection({
  id,
  className,
  children,
}: {
  id: HomeSectionId
  className: string
  children: ReactNode
}) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className={`focus:outline-none ${className}`}
    >
      {children}
    </section>
  )
}
