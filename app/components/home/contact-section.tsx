import type { ReactNode } from 'react'

import { DiscoveryCallCard } from '~/components/contact/discovery-call-card'
import { ExternalLink } from '~/components/ui/external-link'
import { CONTACT_COPY } from '~/content/home-contact'
import { EnquiryForm } from '~/enquiry/enquiry-form'
import type { PublicSiteConfig } from '~/lib/config.server'

import { ChatIcon, GlobeIcon, MailIcon, PhoneIcon } from './icons'
import { HomeSection, SectionHeading } from './section-heading'

export function ContactSection({ site }: { site: PublicSiteConfig }) {
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
            <DiscoveryCallCard schedulerUrl={site.schedulerUrl} headingLevel="h3" />
          </div>
          <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
            <h3 className="text-xl font-semibold text-slate-900">{CONTACT_COPY.formTitle}</h3>
            <p className="mt-2 text-slate-600">{CONTACT_COPY.formLead}</p>
            <div className="mt-6">
              <EnquiryForm idPrefix="home" />
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
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
        <p className="mt-1">{children}</p>
        <p className="mt-1 text-sm text-slate-600">{note}</p>
      </div>
    </li>
  )
}
