/** Copy of the enquiry form, the discovery call card, the /contact page and the thank-you dialog. Rule messages live in enquiry/schema.ts. */
import type { EnquiryField } from '~/enquiry/fields'

import { COMPANY } from './company'

export type FieldCopy = {
  readonly label: string
  readonly type: 'text' | 'email' | 'tel' | 'textarea'
  readonly autoComplete: string
  readonly hint?: string
}

export const ENQUIRY_FIELD_COPY: Record<EnquiryField, FieldCopy> = {
  firstName: { label: 'First name', type: 'text', autoComplete: 'given-name' },
  lastName: { label: 'Last name', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  phone: {
    label: 'Phone number',
    type: 'tel',
    autoComplete: 'tel',
    hint: 'With the country code, for example +44 7700 900123',
  },
  businessName: { label: 'Business name', type: 'text', autoComplete: 'organization' },
  message: {
    label: 'How can we help?',
    type: 'textarea',
    autoComplete: 'off',
    hint: 'Tell us about your business and the calls, enquiries or admin you would like to automate.',
  },
}

export const ENQUIRY_FORM_COPY = {
  requiredNote: 'All fields are required.',
  submit: 'Send Message',
  sending: 'Sending...',
  call: 'Call',
  email: 'Email',
  whatsapp: 'Message us on WhatsApp',
  spamTrapLabel: 'Leave this field empty',
  tooLarge:
    'Your enquiry is too large to send. Please shorten your message and try again, or email us directly.',
} as const

export const THANK_YOU_COPY = {
  title: 'Thank you for your enquiry!',
  text: `Your message has reached the ${COMPANY.name} team. We will be in touch shortly to talk about what AI can do for your business.`,
} as const

export const CONTACT_PAGE_COPY = {
  metaTitle: `Contact us | ${COMPANY.name}`,
  metaDescription:
    'Tell us about your business and we will show you where AI chatbots, voice agents and automation can save you time. Book a free 30-minute discovery call or send us a message.',
  eyebrow: 'Contact',
  title: 'Let’s talk about your business',
  lead: 'Tell us where calls, enquiries or admin are slipping through the cracks and we’ll show you what AI can realistically take off your plate.',
  directTitle: 'Prefer to talk?',
  callLabel: 'Call us',
  emailLabel: 'Email us',
  whatsappLabel: 'Chat on WhatsApp',
} as const

/** The one booking card, on the home page's contact section and on /contact alike. */
export const DISCOVERY_CALL_COPY: {
  readonly title: 'Schedule Discovery Call'
  readonly text: string
  readonly cta: 'Book your free 30-minute call'
} = {
  title: 'Schedule Discovery Call',
  text: 'A free 30-minute call with no obligation. We’ll look at how you handle calls, enquiries and admin today and suggest where AI could save you time.',
  cta: 'Book your free 30-minute call',
}
