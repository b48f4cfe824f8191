import type { ReactNode } from 'react'

import { ExternalLink } from '~/components/ui/external-link'
import { useSiteConfig } from '~/components/use-site-config'
import { CONTACT_PAGE_COPY } from '~/content/contact'
import { EnquiryForm } from '~/enquiry/enquiry-form'
import type { EnquiryResult } from '~/enquiry/fields'

import { DiscoveryCallCard } from './discovery-call-card'

/** /contact: the enquiry form beside the direct ways to reach the team. */
export function ContactPage({
  serverResult,
  wasSentWithoutJavaScript,
}: {
  serverResult?: EnquiryResult
  wasSentWithoutJavaScript: boolean
}) {
  const site = useSiteConfig()
  const linkClass =
    'font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <header className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">
            {CONTACT_PAGE_COPY.eyebrow}
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {CONTACT_PAGE_COPY.title}
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">{CONTACT_PAGE_COPY.lead}</p>
        </header>

        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-2">
            <EnquiryForm
              idPrefix="contact"
              serverResult={serverResult}
              wasSentWithoutJavaScript={wasSentWithoutJavaScript}
            />
          </div>

          {site ? (
            <aside className="space-y-6" aria-labelledby="contact-direct-title">
              <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h2 id="contact-direct-title" className="text-lg font-semibold text-slate-900">
                  {CONTACT_PAGE_COPY.directTitle}
                </h2>
                <dl className="mt-4 space-y-4 text-sm">
                  <DirectContact label={CONTACT_PAGE_COPY.callLabel}>
                    <a href={site.phoneHref} className={linkClass}>
                      {site.phone}
                    </a>
                  </DirectContact>
                  <DirectContact label={CONTACT_PAGE_COPY.emailLabel}>
                    <a href={`mailto:${site.email}`} className={`${linkClass} break-all`}>
                      {site.email}
                    </a>
                  </DirectContact>
                  <DirectContact label={CONTACT_PAGE_COPY.whatsappLabel}>
                    <ExternalLink href={site.whatsappUrl} className={linkClass}>
                      WhatsApp chat
                    </ExternalLink>
                  </DirectContact>
                </dl>
              </div>

              <DiscoveryCallCard schedulerUrl={site.schedulerUrl} headingLevel="h2" />
            </aside>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/** One way to reach us, as a term and its link. */
function DirectContact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  )
}
