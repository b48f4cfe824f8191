import type { AnalyticsSettings } from '~/lib/config.server'

import { analyticsDisclosure } from '../../consent/analytics-disclosure'
import { COMPANY } from '../company'

import { CONTACT_DETAILS_LIST } from './contact-details'
import type { LegalBlock, LegalDocument } from './types'

/**
 * The policy as it stands with the site's analytics setting: the cookies section names the
 * provider and its cookies when one is set, and says that none is used when not.
 */
export function privacyPolicyFor(analytics: AnalyticsSettings | null | undefined): LegalDocument {
  const disclosure = analyticsDisclosure(analytics)
  return {
    title: 'Privacy Policy',
    path: '/privacy-policy',
    description: `How ${COMPANY.legalName} collects, uses, shares and protects your personal data when you visit our website, send an enquiry or book a discovery call, and the rights you have under UK data protection law.`,
    dateLabel: 'Last updated',
    date: '2025-07-25',
    dateText: '25 July 2025',
    intro: [
      {
        kind: 'p',
        text: `${COMPANY.legalName} (“${COMPANY.name}”, “we”, “us”, “our”) designs, builds and runs AI chatbots, voice agents and workflow automation for small and medium-sized businesses across the UK. We are a company registered in ${COMPANY.registeredIn} under company number ${COMPANY.companyNumber}, with our registered office at ${COMPANY.registeredOffice}. For the personal data described in this policy we are the controller, which means we decide how and why it is used.`,
      },
      {
        kind: 'p',
        text: 'This policy explains what personal data we collect when you visit our website, send us an enquiry, book a discovery call, message us or work with us, and how we use and protect it in line with the UK General Data Protection Regulation (UK GDPR), the Data Protection Act 2018 and the Privacy and Electronic Communications Regulations 2003 (PECR). It does not cover personal data we handle on behalf of our clients when we build or run a chatbot, voice agent or automation for them, such as the details of people who call a client’s phone line. In that case the client is the controller, we act as their processor under a written data processing agreement, and the client’s own privacy notice applies.',
      },
    ],
    sections: [
      {
        id: 'data-we-collect',
        title: 'The data we collect',
        blocks: [
          {
            kind: 'p',
            text: 'We collect only what we need to reply to you, deliver our services and run our business. Depending on how you deal with us, this may include the following.',
          },
          { kind: 'h3', text: 'Information you give us through our enquiry form' },
          { kind: 'p', text: 'Our enquiry form asks for six pieces of information:' },
          {
            kind: 'ul',
            items: [
              'first name;',
              'last name;',
              'email address;',
              'phone number;',
              'business name;',
              'your message, which is whatever you choose to tell us about your business, the problem you want to solve or the tools you already use.',
            ],
          },
          {
            kind: 'p',
            text: 'Please do not put sensitive information (for example, health details) or personal details about your own customers in the message box. If you do, we will use it only to reply to you and will delete anything we do not need.',
          },
          { kind: 'h3', text: 'Technical data' },
          {
            kind: 'p',
            text: 'When you visit our website, our hosting provider’s infrastructure (its load balancers and firewalls) records standard log information for each request: your IP address, browser type and version, operating system, the address requested, the page that referred you, and the date and time. Our own website software logs only the page requested, the response and how long it took, without your IP address or anything you typed into a form.',
          },
          {
            kind: 'p',
            text: 'When you send our enquiry form, we also use your IP address for a short time to count how many enquiries come from the same address, so that we can block automated spam. We use this technical data to keep the website running and secure and to investigate errors and abuse, not to profile or track you.',
          },
          { kind: 'h3', text: 'Your cookie choice' },
          {
            kind: 'p',
            text: 'When you respond to our cookie dialog, your choice is saved in your browser’s local storage so that we do not ask you again on every visit. This record stays on your device and is not sent to us. See “Cookies and local storage” below for details.',
          },
          { kind: 'h3', text: 'WhatsApp and our scheduling service' },
          {
            kind: 'p',
            text: 'Our website has a WhatsApp chat button and a link for booking a discovery call through an external scheduling service. When you click either, you leave our website and that provider collects the information you give it, such as your name, contact details, preferred time and messages, and processes it under its own privacy policy. We then receive the messages you send us on WhatsApp and the booking details you enter in the scheduler, and we handle that information as described in this policy.',
          },
          { kind: 'h3', text: 'Information from working with us' },
          {
            kind: 'p',
            text: 'If you or your business becomes a client, we also hold business contact details for the people we work with, proposals and contracts, invoices and payment records, correspondence, and notes from meetings and calls.',
          },
          {
            kind: 'p',
            text: 'Our website and services are intended for businesses. They are not aimed at children, and we do not knowingly collect personal data from anyone under 18.',
          },
        ],
      },
      {
        id: 'how-we-collect-data',
        title: 'How we collect your data',
        blocks: [
          { kind: 'p', text: 'We collect personal data in the following ways:' },
          {
            kind: 'ul',
            items: [
              'Directly from you, when you complete our enquiry form, email or phone us, message us on WhatsApp, book a discovery call, or speak to us in a meeting.',
              'Automatically, through server logs created when your browser requests pages from our website.',
              'From your browser, when you make a choice in our cookie dialog. This is stored on your own device rather than sent to us.',
              'From service providers acting on your request, such as our scheduling service passing us the booking details you entered, or WhatsApp delivering a message you sent us.',
              'Occasionally from public sources, such as your business website or Companies House, to understand your business before a call, and only after you have contacted us.',
            ],
          },
          {
            kind: 'p',
            text: 'We do not buy or rent contact lists, and our website does not use tracking pixels or social media plug-ins that collect data about you.',
          },
        ],
      },
      {
        id: 'purposes-and-legal-bases',
        title: 'How we use your data and our lawful bases',
        blocks: [
          {
            kind: 'p',
            text: 'UK GDPR requires us to have a lawful basis for each way we use personal data. The table below sets out what we do, the data involved and the basis we rely on.',
          },
          {
            kind: 'table',
            caption: 'Purposes for which we use personal data and the lawful basis for each',
            columns: ['Purpose', 'Data', 'Lawful basis'],
            rows: [
              [
                'Replying to your enquiry and following it up',
                'Enquiry form details, emails, WhatsApp messages',
                'Legitimate interests (responding to people who contact us), or taking steps at your request before entering into a contract where you are asking about working with us',
              ],
              [
                'Arranging and holding a discovery call',
                'Name, email address, phone number, business name, booking details, call notes',
                'Taking steps at your request before entering into a contract',
              ],
              [
                'Preparing proposals and statements of work, and delivering and supporting our services',
                'Business contact details, project information, correspondence',
                'Performance of a contract, or steps prior to a contract; legitimate interests where the contract is with your employer rather than with you',
              ],
              [
                'Invoicing, accounting and keeping tax records',
                'Name, business name, billing details, invoice and payment history',
                'Legal obligation (company and tax record-keeping requirements)',
              ],
              [
                'Running, securing and troubleshooting our website, including blocking automated spam through our enquiry form',
                'IP address, browser, pages visited, timestamps',
                'Legitimate interests (keeping our website available, secure and free from abuse)',
              ],
              [
                'Remembering and respecting your cookie choice',
                'Your consent choice, stored in your browser',
                'Legal obligation (PECR requires us to respect your choice) and legitimate interests (not asking you again on every visit)',
              ],
              [
                disclosure
                  ? `Measuring which pages and campaigns bring visitors and enquiries, with ${disclosure.name}`
                  : 'Any optional analytics or advertising features we may add in future',
                disclosure
                  ? 'Pages visited, referring site or campaign, browser, device type and approximate location'
                  : 'Device and usage data collected by those tools',
                'Consent, given by choosing ‘I Consent’ in our cookie dialog, which you can withdraw at any time',
              ],
              [
                'Sending occasional updates about our services to business contacts',
                'Name, email address, business name',
                'Legitimate interests, and only where PECR allows; you can opt out at any time',
              ],
              [
                'Establishing, exercising or defending legal claims',
                'Relevant records and correspondence',
                'Legitimate interests (protecting our business and legal position)',
              ],
              [
                'Responding to lawful requests from regulators, HMRC, courts and law enforcement',
                'Whatever data the request lawfully covers',
                'Legal obligation',
              ],
            ],
          },
          {
            kind: 'p',
            text: 'Where we rely on legitimate interests, we have weighed our interests against your rights and expectations and concluded that they are not overridden. You can ask us for details of that assessment, and you have the right to object (see “Your rights”).',
          },
          {
            kind: 'p',
            text: 'If you do not give us the contact details we ask for, we will not be able to reply to your enquiry or work with you. We do not make decisions about you based solely on automated processing that have legal or similarly significant effects on you.',
          },
        ],
      },
      {
        id: 'disclosures',
        title: 'Who we share your data with',
        blocks: [
          {
            kind: 'p',
            text: 'We share personal data only where it is needed for the purposes above, and only with organisations that are bound by confidentiality and data protection obligations. These are:',
          },
          {
            kind: 'ul',
            items: [
              'our backend and email delivery provider, which receives submissions from our enquiry form, delivers them to our inbox and provides our business email;',
              'our scheduling service, which handles discovery call bookings and sends confirmations and reminders;',
              'WhatsApp, a Meta company, when you choose to message us on WhatsApp, which carries our conversation with you;',
              'our website hosting provider, which stores and serves our website and keeps its server logs;',
              'professional advisers, such as our accountants, lawyers, insurers and bank, where they need the information to advise us or provide their services;',
              'HMRC, regulators, courts, law enforcement and other public authorities, where we are legally required to disclose information or need to do so to protect our rights, property or safety;',
              'a buyer of, or successor to, our business if we sell or restructure it, under a duty of confidentiality.',
            ],
          },
          {
            kind: 'p',
            text: 'Our hosting and email providers act as our processors: they may use your data only on our instructions and must keep it secure. WhatsApp and the scheduling service also act as independent controllers for the data you give them directly, and their own privacy policies apply to that data.',
          },
          {
            kind: 'p',
            text: 'We never sell your personal data, and we do not rent it or share it with anyone for their own marketing.',
          },
        ],
      },
      {
        id: 'analytics-and-advertising',
        title: 'Analytics and advertising',
        blocks: [
          ...(disclosure
            ? disclosure.policy.map((text): LegalBlock => ({ kind: 'p', text }))
            : [
                {
                  kind: 'p',
                  text: 'Our website does not currently use any analytics, advertising, retargeting or social media tracking tools. No analytics cookies, advertising pixels or third-party tracking scripts are loaded when you visit.',
                } as const,
                {
                  kind: 'p',
                  text: 'If we add such features in future, we will update this policy first, and they will load only after you choose ‘I Consent’ in our cookie dialog. If you choose ‘Only Essential’ or ‘Decline’, they stay switched off and the rest of the website works in exactly the same way.',
                } as const,
              ]),
          {
            kind: 'p',
            text: 'You can change your choice at any time with ‘Cookie settings’ at the foot of every page, or by clearing the stored data for our website in your browser settings (usually under “cookies and site data”). We ask again 12 months after your choice, and whenever the analytics we use change.',
          },
        ],
      },
      {
        id: 'international-transfers',
        title: 'International transfers',
        blocks: [
          {
            kind: 'p',
            text: 'Some of our service providers are based outside the UK, or store data or provide support from outside the UK, for example in the European Economic Area (EEA) or the United States. Whenever personal data is transferred outside the UK, we make sure it is protected by at least one of the following safeguards:',
          },
          {
            kind: 'ul',
            items: [
              'UK adequacy regulations, under which the UK government has recognised that the destination country provides an adequate level of protection (this currently includes the EEA countries);',
              'the UK-US data bridge (the UK Extension to the EU-US Data Privacy Framework), where the US recipient is certified under it;',
              'the UK International Data Transfer Agreement (IDTA), or the UK International Data Transfer Addendum to the European Commission’s Standard Contractual Clauses, supported by a transfer risk assessment and any extra measures it shows are needed.',
            ],
          },
          {
            kind: 'p',
            text: 'Please contact us if you would like more information about the safeguards that apply to a particular transfer.',
          },
        ],
      },
      {
        id: 'data-retention',
        title: 'How long we keep your data',
        blocks: [
          {
            kind: 'p',
            text: 'We keep personal data only for as long as we need it for the purpose we collected it for, including to meet legal, accounting and reporting requirements. Our standard retention periods are:',
          },
          {
            kind: 'table',
            caption: 'Retention periods',
            columns: ['Data', 'How long we keep it', 'Why'],
            rows: [
              [
                'Enquiries, messages and discovery call notes that do not lead to work',
                '24 months from our last contact with you',
                'So we have the context if you come back to us; deleted after that',
              ],
              [
                'Client records, including proposals, contracts, correspondence and invoices',
                '6 years after the end of the contract',
                'To meet tax and company record-keeping requirements, and because contract claims can be brought for up to six years under the Limitation Act 1980',
              ],
              ['Server logs', '30 days', 'Security and troubleshooting; deleted automatically'],
              [
                'IP address counts used to block spam through our enquiry form',
                'Up to 15 minutes',
                'Held only in the memory of our own systems; discarded automatically',
              ],
              [
                'Your cookie consent choice',
                '12 months, after which we ask again; or until you clear it from your browser',
                'Stored on your device only; we do not hold a copy',
              ],
              [
                'Marketing opt-outs',
                'For as long as needed to respect your request',
                'We keep a minimal record so that we do not contact you again',
              ],
            ],
          },
          {
            kind: 'p',
            text: 'When a retention period ends, we securely delete the data or anonymise it so that it can no longer identify you. We may keep data for longer if it is needed for an ongoing legal claim or a regulator requires us to. Data you give to WhatsApp or our scheduling service directly is also kept in their systems under their own retention policies.',
          },
        ],
      },
      {
        id: 'your-rights',
        title: 'Your rights',
        blocks: [
          { kind: 'p', text: 'Under UK data protection law you have the right to:' },
          {
            kind: 'ul',
            items: [
              'Access: ask for a copy of the personal data we hold about you and information about how we use it.',
              'Rectification: ask us to correct data that is inaccurate or complete data that is incomplete.',
              'Erasure: ask us to delete your data where there is no good reason for us to keep it.',
              'Restriction: ask us to pause using your data, for example while we check its accuracy or consider an objection.',
              'Data portability: ask for the data you gave us in a structured, commonly used, machine-readable format, or ask us to send it to another organisation, where we process it by automated means on the basis of consent or contract.',
              'Objection: object to our use of your data where we rely on legitimate interests, and object at any time to direct marketing, in which case we will stop.',
              'Withdraw consent: where we rely on your consent, withdraw it at any time. This does not affect anything we did with your data before you withdrew it.',
              'Rights related to automated decision-making: not to be subject to a decision based solely on automated processing, including profiling, that has legal or similarly significant effects on you. We do not currently make decisions of this kind.',
            ],
          },
          {
            kind: 'p',
            text: 'To exercise any of these rights, please contact us using the details in “Contact us” below. We may ask you to confirm your identity before we act on your request. We will respond within one month of receiving it. If your request is complex or you have made several requests, we may extend this by up to two further months, and we will tell you within the first month if we need to.',
          },
          {
            kind: 'p',
            text: 'Exercising your rights is normally free of charge. We may charge a reasonable fee, or refuse to act, if a request is manifestly unfounded or excessive. Some rights have legal exceptions; for example, we may have to keep invoices for tax purposes even if you ask us to delete them. If an exception applies, we will explain why.',
          },
        ],
      },
      {
        id: 'complaints',
        title: 'Complaints and the ICO',
        blocks: [
          {
            kind: 'p',
            text: 'If you are unhappy with how we have handled your personal data, we would appreciate the chance to deal with your concerns first, so please contact us.',
          },
          {
            kind: 'p',
            text: 'You also have the right to complain at any time to the Information Commissioner’s Office (ICO), the UK’s independent regulator for data protection:',
          },
          {
            kind: 'ul',
            items: [
              [
                'Online: ',
                {
                  text: 'https://ico.org.uk/make-a-complaint/',
                  href: 'https://ico.org.uk/make-a-complaint/',
                },
              ],
              'Helpline: 0303 123 1113',
              'Post: Information Commissioner’s Office, Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF',
            ],
          },
        ],
      },
      {
        id: 'security',
        title: 'How we keep your data secure',
        blocks: [
          {
            kind: 'p',
            text: 'We use technical and organisational measures that are appropriate to the data we hold and the size of our business, including:',
          },
          {
            kind: 'ul',
            items: [
              'Encryption in transit: our website and enquiry form are served only over HTTPS using TLS.',
              'Access controls: our business accounts are protected by strong, unique passwords and multi-factor authentication.',
              'Least privilege: people who work with us can access only the data they need for their role, and their access is removed when it is no longer needed.',
              'Sanitised content: information submitted through our website is validated and sanitised before it is processed or displayed, to protect against malicious input.',
              'Supplier due diligence: we choose providers with recognised security practices and review their terms, data processing agreements and transfer safeguards before we use them.',
              'Confidentiality: everyone who works for us is bound by a duty of confidentiality.',
            ],
          },
          {
            kind: 'p',
            text: 'No system is completely secure, but we have procedures for dealing with any suspected personal data breach. Where a breach is likely to result in a risk to people’s rights and freedoms, we will report it to the ICO within 72 hours of becoming aware of it, as the law requires. If a breach is likely to result in a high risk to you, we will also tell you without undue delay.',
          },
        ],
      },
      {
        id: 'cookies-and-local-storage',
        title: 'Cookies and local storage',
        blocks: [
          {
            kind: 'p',
            text: disclosure
              ? `We keep cookies and similar technologies to a minimum. There are no advertising cookies on our website. ${disclosure.cookiesIntro} We use only the following:`
              : 'We keep cookies and similar technologies to a minimum. There are no advertising or analytics cookies on our website. We use only the following:',
          },
          {
            kind: 'table',
            caption: 'Cookies and local storage used on this website',
            columns: ['Name', 'Type', 'Purpose', 'Duration'],
            rows: [
              [
                'cookieConsent, cookieConsentDate, cookieConsentAnalytics',
                'Local storage',
                'Remembers your answer to the cookie dialog. It stores ‘accepted’ if you choose ‘I Consent’, or ‘declined’ if you choose ‘Only Essential’ or ‘Decline’, so the dialog does not reappear on every visit. The other two record when you answered and which analytics your answer was about, so that we ask again after 12 months or when that changes.',
                'Until you clear your browser’s site data',
              ],
              [
                'toast',
                'First-party session cookie, strictly necessary',
                'Carries a one-time notification from one page to the next, such as a message shown after you submit our enquiry form. It is set only when there is a message to show, is signed so that it cannot be tampered with, cannot be read by scripts on the page (HttpOnly), and is withheld from most requests started by other websites (SameSite=Lax). It contains no identifier and is not used for tracking.',
                'Until the message has been shown; deleted when you close your browser at the latest',
              ],
              [
                'form_served_at',
                'First-party session cookie, strictly necessary',
                'Records when our enquiry form was shown to you, so that we can tell an enquiry typed by a person from one sent by a bot within a second of loading the page. It is set when you open a page with the form, is sent back only with the form, is signed so that it cannot be tampered with, cannot be read by scripts on the page (HttpOnly), and is withheld from most requests started by other websites (SameSite=Lax). It holds only that time: no identifier, and it is not used for tracking.',
                'Deleted when you close your browser',
              ],
              ...(disclosure?.storage ?? []),
            ],
          },
          {
            kind: 'p',
            text: 'Under PECR, cookies and similar storage that are strictly necessary to provide a service you have asked for do not need your consent. The toast and form_served_at cookies are exempt on that basis (the second protects the enquiry form you choose to use), and storing your consent choice is needed to respect it. We list them here so you know exactly what is stored.',
          },
          {
            kind: 'p',
            text: 'You can delete cookies and local storage at any time in your browser settings. If you block the toast cookie, you may not see some notification messages, but the website will still work. Clearing local storage resets your cookie choice, and the dialog will ask you again on your next visit.',
          },
        ],
      },
      {
        id: 'links-to-other-sites',
        title: 'Links to other websites',
        blocks: [
          {
            kind: 'p',
            text: 'Our website contains links to other websites and services, including WhatsApp, our scheduling service, our pages on LinkedIn, X and Facebook, and sites we refer to in our articles. We are not responsible for the content or privacy practices of those sites. When you leave our website, please read the privacy policy of each site you visit.',
          },
          {
            kind: 'p',
            text: 'Our social media links are plain links rather than embedded widgets, so those platforms receive no information from our website unless you click through to them.',
          },
        ],
      },
      {
        id: 'changes-to-this-policy',
        title: 'Changes to this policy',
        blocks: [
          {
            kind: 'p',
            text: 'We update this policy when our practices change, for example if we start using a new service provider. The date at the top of this page shows when it was last updated.',
          },
          {
            kind: 'p',
            text: 'If we make a significant change to how we use personal data you have already given us, we will tell you by email where we have your contact details, and we will ask for your consent again where the law requires it.',
          },
        ],
      },
      {
        id: 'contact-us',
        title: 'Contact us',
        blocks: [
          {
            kind: 'p',
            text: 'If you have any questions about this policy or how we handle your personal data, or you want to exercise your rights, please get in touch:',
          },
          CONTACT_DETAILS_LIST,
          {
            kind: 'p',
            text: 'We are not required to appoint a Data Protection Officer. Questions about data protection are handled directly by a director of the company.',
          },
        ],
      },
    ],
  }
}

/** The policy with no analytics: its title and description are the same with any setting. */
export const privacyPolicy = privacyPolicyFor(null)
