import { CalendarIcon } from '~/components/home/icons'
import { ExternalLink } from '~/components/ui/external-link'
import { DISCOVERY_CALL_COPY } from '~/content/contact'
import { DISCOVERY_CALL_MINUTES } from '~/lib/constants'

/**
 * The free discovery call, offered the same way wherever it appears (the home page's contact
 * section and /contact); only the heading level follows the page's outline.
 */
export function DiscoveryCallCard({
  schedulerUrl,
  headingLevel: Heading,
}: {
  schedulerUrl: string
  headingLevel: 'h2' | 'h3'
}) {
  return (
    <div className="relative isolate overflow-hidden rounded-3xl bg-slate-900 p-5 text-white shadow-xl sm:p-8">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 -z-10 h-64 w-64 rounded-full bg-linear-to-br from-indigo-500 to-cyan-400 opacity-40 blur-3xl"
      />
      <Heading className="text-xl font-semibold">{DISCOVERY_CALL_COPY.title}</Heading>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
        <li className="rounded-full bg-emerald-400/15 px-3 py-1 text-emerald-300 ring-1 ring-emerald-400/30">
          Free
        </li>
        <li className="clock-mark inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 text-slate-100 ring-1 ring-white/20">
          {DISCOVERY_CALL_MINUTES} minutes
        </li>
      </ul>
      <p className="mt-4 leading-7 text-slate-300">{DISCOVERY_CALL_COPY.text}</p>
      <ExternalLink
        href={schedulerUrl}
        className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-white px-4 py-3 text-sm font-semibold sm:px-5 sm:text-base text-slate-900 transition hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white motion-reduce:transition-none sm:w-auto"
      >
        <CalendarIcon className="h-5 w-5 text-indigo-600" />
        {DISCOVERY_CALL_COPY.cta}
      </ExternalLink>
    </div>
  )
}
