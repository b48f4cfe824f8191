import { PROCESS_INTRO, PROCESS_STATS, PROCESS_STEPS } from '~/content/home'

import { CheckList } from './check-list'
import { HomeSection, SectionHeading } from './section-heading'

export function HowItWorks() {
  return (
    <HomeSection id="how-it-works" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-it-works-title" {...PROCESS_INTRO} />
        <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3 lg:gap-8">
          {PROCESS_STEPS.map((step) => (
            <li
              key={step.number}
              className="relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:p-8"
            >
              <div className="flex items-center justify-between gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-indigo-600 text-lg font-bold text-white shadow-md shadow-indigo-600/25"
                >
                  {step.number}
                </span>
                <p className="clock-mark inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-100">
                  <span className="sr-only">Duration: </span>
                  {step.duration}
                </p>
              </div>
              <h3 className="mt-6 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {step.number}: </span>
                {step.title}
              </h3>
              <p className="mt-2 leading-7 text-slate-600">{step.description}</p>
              <CheckList items={step.features} look="step" />
            </li>
          ))}
        </ol>
        <div className="mt-16 rounded-3xl bg-linear-to-r from-indigo-700 via-indigo-600 to-cyan-700 px-6 py-10 shadow-xl sm:px-10">
          <h3 className="sr-only">What our process delivers</h3>
          <dl className="grid gap-8 text-center sm:grid-cols-3">
            {PROCESS_STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse justify-end gap-1">
                <dt className="text-base font-medium text-indigo-50">{stat.label}</dt>
                <dd className="text-4xl font-extrabold tracking-tight text-white">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </HomeSection>
  )
}
