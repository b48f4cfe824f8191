/**
 * The home page's copy that the browser needs too: the contact section (rendered by React around
 * the enquiry form) and the page's meta tags. The rest of the copy in ./home is rendered on the
 * server only, so it is kept apart to stay out of the JavaScript bundle.
 */
import { COMPANY } from './company'

export type ContactCopy = {
  readonly eyebrow: string
  readonly title: string
  readonly lead: string
  readonly formTitle: string
  readonly formLead: string
  readonly emailNote: string
  readonly remoteNote: string
  readonly liveChatText: string
  readonly phoneHours: string
}

export type HomeMeta = {
  /** at most 60 characters, includes the company name */
  readonly title: string
  /** at most 155 characters */
  readonly description: string
}

export const CONTACT_COPY: ContactCopy = {
  eyebrow: 'Contact',
  title: 'Let’s talk about your business',
  lead: 'Tell us where calls, enquiries or admin are slipping through the cracks and we’ll show you what AI can realistically take off your plate.',
  formTitle: 'Send us an enquiry',
  formLead: 'Tell us a little about your business and what you would like to automate.',
  emailNote: 'We reply within one working day',
  remoteNote:
    'We’re remote-first and work with businesses across the UK by video call and phone, so there’s no need for office visits.',
  liveChatText: 'Prefer to message? Chat with us on WhatsApp for a quick answer.',
  phoneHours: 'Mon–Fri, 9am–6pm',
}

export const HOME_META: HomeMeta = {
  title: `${COMPANY.name} | AI Chatbots & Voice Agents for UK SMEs`,
  description:
    'AI chatbots, voice agents and workflow automation for UK small businesses. Answer every call, book appointments and cut admin, 24/7.',
}
