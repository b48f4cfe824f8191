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

/** Said after the text of every link that opens a new tab. */
/** Classes for an anchored section: focusable by in-page links, without a focus ring of its own.
 * (The stylesheet's scroll-padding-top keeps its heading clear of the fixed bar.) */
export const SECTION_CLASS = 'focus:outline-none'
