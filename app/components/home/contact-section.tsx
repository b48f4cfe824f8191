import type { ReactNode } from 'react'

import { ExternalLink } from '~/components/ui/external-link'
import { CONTACT_COPY } from '~/content/home-contact'
import { EnquiryForm } from '~/enquiry/enquiry-form'
import type { PublicSiteConfig } from '~/lib/config.server'
import { DISCOVERY_CALL_MINUTES } from '~/lib/constants'

import { CalendarIcon, ChatIcon, ClockIcon, GlobeIcon, MailIcon, PhoneIcon } from './icons'
import { HomeSection, SectionHeading } from './section-heading'

export function ContactSection({ site, servedAt }: { site: PublicSiteConfig; servedAt: string }) {
  return (
    <HomeSection id="contact" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="contact-title"
          eyebrow={CONTACT_COPY.eyebrow}
          title={CONTACT_COPY.title}
          lead={CONTACT_COPY.lead}
        />
        <div className="mt-14 grid gap-8 lg:grid-cols-5">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <ul className="grid gap-4">
              <ContactCard icon={<PhoneIcon />} title="Phone" note={CONTACT_COPY.phoneHours}>
                <a href={site.phoneHref} className={contactLinkClass}>
                  {site.phone}
                </a>
              </ContactCard>
              <ContactCard icon={<MailIcon />} title="Email" note={CONTACT_COPY.emailNote}>
                <a
                  href={`mailto:${site.email}`}
                  className={`${contactLinkClass} [overflow-wrap:anywhere]`}
                >
                  {site.email}
                </a>
              </ContactCard>
              <ContactCard icon={<ChatIcon />} title="Live chat" note={CONTACT_COPY.liveChatText}>
                <ExternalLink href={site.whatsappUrl} className={contactLinkClass}>
                  Start a live chat
                </ExternalLink>
              </ContactCard>
            </ul>
            <p className="flex gap-3 rounded-2xl bg-white p-5 text-sm leading-6 text-slate-600 ring-1 ring-slate-200">
              <GlobeIcon className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" />
              {CONTACT_COPY.remoteNote}
            </p>
            <DiscoveryCallCard schedulerUrl={site.schedulerUrl} />
          </div>
          <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
            <h3 className="text-xl font-semibold text-slate-900">{CONTACT_COPY.formTitle}</h3>
            <p className="mt-2 text-slate-600">{CONTACT_COPY.formLead}</p>
            <div className="mt-6">
              <EnquiryForm idPrefix="home" servedAt={servedAt} />
            </div>
          </div>
        </div>
      </div>
    </HomeSection>
  )
}

const contactLinkClass =
  'font-semibold text-indigo-700 underline decoration-indigo-300 underline-offset-4 hover:text-indigo-900 hover:decoration-indigo-600'

function ContactCard({
  icon,
  title,
  note,
  children,
}: {
  icon: ReactNode
  title: string
  note: string
  children: ReactNode
}) {
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
        <p className="mt-1">{children}</p>
        <p className="mt-1 text-sm text-slate-600">{note}</p>
      </div>
    </li>
  )
}

function DiscoveryCallCard({ schedulerUrl }: { schedulerUrl: string }) {
  const { discoveryCall } = CONTACT_COPY
  return (
    <div className="relative isolate overflow-hidden rounded-3xl bg-slate-900 p-5 text-white shadow-xl sm:p-8">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 -z-10 h-64 w-64 rounded-full bg-linear-to-br from-indigo-500 to-cyan-400 opacity-40 blur-3xl"
      />
      <h3 className="text-xl font-semibold">{discoveryCall.title}</h3>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
        <li className="rounded-full bg-emerald-400/15 px-3 py-1 text-emerald-300 ring-1 ring-emerald-400/30">
          Free
        </li>
        <li className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 text-slate-100 ring-1 ring-white/20">
          <ClockIcon className="h-4 w-4" />
          {DISCOVERY_CALL_MINUTES} minutes
        </li>
      </ul>
      <p className="mt-4 leading-7 text-slate-300">{discoveryCall.text}</p>
      <ExternalLink
        href={schedulerUrl}
        className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-white px-4 py-3 text-sm font-semibold sm:px-5 sm:text-base text-slate-900 transition hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white motion-reduce:transition-none sm:w-auto"
      >
        <CalendarIcon className="h-5 w-5 text-indigo-600" />
        {discoveryCall.cta}
      </ExternalLink>
    </div>
  )
}
