import { SOLUTIONS, SOLUTIONS_INTRO, type SolutionId } from '~/content/home'

import { CheckList } from './check-list'
import { BoltIcon, ChatIcon, VoiceIcon } from './icons'
import { HomeSection, SectionHeading } from './section-heading'

const SOLUTION_ICONS: Record<SolutionId, typeof ChatIcon> = {
  chatbots: ChatIcon,
  'voice-agents': VoiceIcon,
  'workflow-automation': BoltIcon,
}

export function Solutions() {
  return (
    <HomeSection id="solutions" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="solutions-title" {...SOLUTIONS_INTRO} />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3 lg:gap-8">
          {SOLUTIONS.map((solution) => {
            const SolutionIcon = SOLUTION_ICONS[solution.id]
            return (
              <li
                key={solution.id}
                // Side by side on tablets, where three narrow columns would not read well.
                className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-1 hover:shadow-xl hover:ring-indigo-200 motion-reduce:transition-none motion-reduce:hover:translate-y-0 md:max-lg:grid md:max-lg:grid-cols-2 md:max-lg:gap-x-10 lg:p-8"
              >
                <div>
                  <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-linear-to-br from-indigo-600 to-cyan-500 text-white shadow-md shadow-indigo-600/20">
                    <SolutionIcon className="h-6 w-6" />
                  </span>
                  <h3 className="mt-6 text-xl font-semibold text-slate-900">{solution.title}</h3>
                  <p className="mt-3 leading-7 text-slate-600">{solution.summary}</p>
                </div>
                <CheckList items={solution.features} look="solution" />
              </li>
            )
          })}
        </ul>
      </div>
    </HomeSection>
  )
}
