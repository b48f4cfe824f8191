/**
 * Marketing copy for the home page, as data. Company facts come from ./company. The types give
 * the shape, and the counts the page is laid out for (three solutions, six steps); the words
 * themselves live only in the values, so rewording a heading changes nothing but its string.
 */
import { COMPANY } from './company'

/** The heading block that opens a section (and the hero). */
export type SectionIntro = {
  readonly eyebrow: string
  readonly title: string
  readonly lead: string
}

/** A headline number with a short label, e.g. { value: '24/7', label: 'AI support' } */
export type Figure = {
  readonly value: string
  readonly label: string
}

export type ImpactFigures = readonly [Figure, Figure, Figure, Figure]

/** Which icon a solution card shows. */
export type SolutionId = 'chatbots' | 'voice-agents' | 'workflow-automation'

export type Solution = {
  readonly id: SolutionId
  readonly title: string
  readonly summary: string
  readonly features: readonly [string, string, string]
}

export type Solutions = readonly [Solution, Solution, Solution]

export type ProcessStep = {
  /** shown as the step's number, 1 to 6 in page order */
  readonly number: number
  readonly title: string
  readonly description: string
  readonly duration: string
  readonly features: readonly [string, string, string]
}

export type ProcessSteps = readonly [
  ProcessStep,
  ProcessStep,
  ProcessStep,
  ProcessStep,
  ProcessStep,
  ProcessStep,
]

export type ProcessStats = readonly [Figure, Figure, Figure]

export type AboutBlock = {
  readonly title: string
  readonly text: string
}

export type About = {
  readonly intro: string
  readonly mission: AboutBlock
  readonly vision: AboutBlock
  readonly impact: AboutBlock & { readonly points: readonly string[] }
}

/** One line of the hero's example of an assistant at work. */
export type ActivityItem = {
  readonly time: string
  readonly title: string
  readonly detail: string
}

export type HeroActivity = {
  readonly caption: string
  readonly items: readonly [ActivityItem, ActivityItem, ActivityItem, ActivityItem]
}

export const HERO: SectionIntro = {
  eyebrow: 'AI chatbots, voice agents and automation for UK small businesses',
  title: 'Never miss a call or enquiry again',
  lead: 'We set up AI assistants that answer your phone and website 24/7, book appointments straight into your calendar and follow up on quotes, so you can get on with the job.',
}

export const HERO_ACTIVITY: HeroActivity = {
  caption: 'A typical evening for a plumbing firm, handled by its AI assistant',
  items: [
    {
      time: '18:42',
      title: 'Missed call answered',
      detail: 'Leaking boiler in Croydon: details taken, marked urgent',
    },
    {
      time: '18:43',
      title: 'Engineer alerted',
      detail: 'Call summary sent to the on-call engineer by text',
    },
    {
      time: '21:15',
      title: 'Website chat',
      detail: 'Bathroom refit enquiry qualified and quote visit booked',
    },
    {
      time: '07:30',
      title: 'Morning follow-up',
      detail: 'Reminder sent for today’s 10:30 appointment',
    },
  ],
}

export const IMPACT_FIGURES: ImpactFigures = [
  { value: '500+', label: 'Businesses automated' },
  { value: '95%', label: 'Customer satisfaction' },
  { value: '24/7', label: 'AI support' },
  { value: '50%', label: 'Average time savings' },
]

export const SOLUTIONS: Solutions = [
  {
    id: 'chatbots',
    title: 'AI Chatbots',
    summary:
      'A chatbot for your website, WhatsApp and Facebook that answers questions, qualifies enquiries and captures contact details, day or night.',
    features: [
      'Answers common questions on prices, opening hours and areas covered',
      'Captures after-hours enquiries and sends them to your inbox or CRM',
      'Takes bookings and quote requests without a phone call',
    ],
  },
  {
    id: 'voice-agents',
    title: 'Voice Agents',
    summary:
      'A natural-sounding phone assistant that picks up when you can’t, whether you’re on a job, with a client or closed for the night.',
    features: [
      'Answers calls 24/7 and takes detailed messages, so no missed calls',
      'Routes urgent calls to the right person or mobile',
      'Books appointments directly into Google Calendar or Outlook',
    ],
  },
  {
    id: 'workflow-automation',
    title: 'Workflow Automation',
    summary:
      'Custom automations that connect the tools you already use and take repetitive admin off your plate.',
    features: [
      'Sends quotes, appointment reminders and follow-ups automatically',
      'Raises invoices in Xero or QuickBooks when a job is marked complete',
      'Keeps your CRM, calendar and spreadsheets in sync',
    ],
  },
]

export const SOLUTIONS_INTRO: SectionIntro = {
  eyebrow: 'Solutions',
  title: 'AI that answers, books and follows up for you',
  lead: 'Three ways we take the pressure off your phone, inbox and diary. Use one on its own or combine them, all set up and looked after by our team.',
}

export const PROCESS_INTRO: SectionIntro = {
  eyebrow: 'How it works',
  title: 'From first call to launch in weeks, not months',
  lead: 'A clear six-step process with fixed milestones, so you always know what happens next and when. Most projects go live four to seven weeks after the discovery call.',
}

export const ABOUT_INTRO: Omit<SectionIntro, 'lead'> = {
  eyebrow: 'About us',
  title: `Why businesses choose ${COMPANY.name}`,
}

export const PROCESS_STEPS: ProcessSteps = [
  {
    number: 1,
    title: 'Discovery Call',
    description:
      'A free, no-obligation call to understand your business, where your enquiries come from and where time is being lost.',
    duration: '30 min',
    features: [
      'Free and no obligation',
      'Review of your calls, enquiries and admin',
      'Quick wins you can act on straight away',
    ],
  },
  {
    number: 2,
    title: 'Assessment & Proposal',
    description:
      'We map how you work today and send a clear written proposal covering scope, timeline and pricing.',
    duration: '2-3 days',
    features: [
      'Map of your current processes',
      'Recommended solution and expected time savings',
      'Clear scope, timeline and pricing',
    ],
  },
  {
    number: 3,
    title: 'Project Kickoff',
    description:
      'We agree goals, gather your FAQs, prices and booking rules, and connect securely to the tools you already use.',
    duration: '1-2 weeks',
    features: [
      'Named project lead and agreed milestones',
      'Access set up for your calendar, CRM and accounts software',
      'Call scripts, tone of voice and escalation rules agreed',
    ],
  },
  {
    number: 4,
    title: 'Build',
    description:
      'We build and configure your chatbot, voice agent or automations around your business, with regular check-ins so you can see progress.',
    duration: '2-3 weeks',
    features: [
      'Trained on your services, prices and policies',
      'Connected to Google Calendar, Xero, QuickBooks or your CRM',
      'Weekly progress updates',
    ],
  },
  {
    number: 5,
    title: 'Testing',
    description:
      'We test real scenarios, from after-hours calls to rescheduled bookings, and fine-tune responses with your feedback before anything goes live.',
    duration: '1-2 weeks',
    features: [
      'Test calls and chats with your team',
      'Handover to a person checked for tricky cases',
      'Your sign-off before launch',
    ],
  },
  {
    number: 6,
    title: 'Launch',
    description:
      'We switch everything on, show your team how it works and keep monitoring it, with ongoing support as your business changes.',
    duration: 'Go-live',
    features: [
      'Team walkthrough and simple how-to guides',
      'Performance monitoring and regular reviews',
      'Ongoing support and improvements',
    ],
  },
]

export const PROCESS_STATS: ProcessStats = [
  { value: '50%', label: 'faster implementation' },
  { value: '24/7', label: 'support and monitoring' },
  { value: '90%', label: 'reduction in manual tasks' },
]

export const ABOUT: About = {
  intro: `${COMPANY.name} is a UK team of engineers and automation specialists, founded in ${COMPANY.founded} to give small businesses practical AI that saves time from day one. We’re remote-first, so we work with trades and service businesses right across the country.`,
  mission: {
    title: 'Our Mission',
    text: 'To help UK small businesses win more work and spend less time on admin, with AI that is simple to use, fairly priced and built around how they actually work.',
  },
  vision: {
    title: 'Our Vision',
    text: 'A UK where every independent business, from the local plumber to the high-street clinic, can offer fast, round-the-clock service without hiring a bigger team.',
  },
  impact: {
    title: 'Our Impact',
    text: 'We measure success by the calls answered, jobs booked and hours of admin our clients get back.',
    points: [
      'More than 500 businesses automated across the UK',
      'Average time savings of 50% on the tasks we automate',
      '95% customer satisfaction',
    ],
  },
}
