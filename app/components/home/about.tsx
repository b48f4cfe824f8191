import { ABOUT, ABOUT_INTRO } from '~/content/home'

import { CheckList } from './check-list'
import { ChartIcon, EyeIcon, TargetIcon } from './icons'
import { HomeSection } from './section-heading'

export function About() {
  return (
    <HomeSection id="about" className="bg-white py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-12 lg:gap-16 lg:px-8">
        <div className="lg:col-span-5">
          <p className="text-sm font-semibold tracking-widest text-indigo-700 uppercase">
            {ABOUT_INTRO.eyebrow}
          </p>
          <h2
            id="about-title"
            className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {ABOUT_INTRO.title}
          </h2>
          <p className="mt-6 text-lg leading-8 text-slate-600">{ABOUT.intro}</p>
        </div>
        <div className="grid gap-6 sm:grid-cols-2 lg:col-span-7">
          <AboutCard icon={<TargetIcon />} title={ABOUT.mission.title} text={ABOUT.mission.text} />
          <AboutCard icon={<EyeIcon />} title={ABOUT.vision.title} text={ABOUT.vision.text} />
          <div className="rounded-2xl bg-slate-900 p-6 text-white shadow-lg sm:col-span-2 lg:p-8">
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-white/10 text-cyan-300">
                <ChartIcon />
              </span>
              <h3 className="text-lg font-semibold">{ABOUT.impact.title}</h3>
            </div>
            <p className="mt-4 leading-7 text-slate-300">{ABOUT.impact.text}</p>
            <CheckList items={ABOUT.impact.points} look="impact" />
          </div>
        </div>
      </div>
    </HomeSection>
  )
}

function AboutCard({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 lg:p-8">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700">
          {icon}
        </span>
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      </div>
      <p className="mt-4 leading-7 text-slate-600">{text}</p>
    </div>
  )
}
