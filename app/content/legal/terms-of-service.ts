import { COMPANY } from '../company'

import { CONTACT_DETAILS_LIST } from './contact-details'
import type { LegalDocument } from './types'

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  path: '/terms-of-service',
  description: `The terms on which ${COMPANY.legalName} provides its website, AI chatbots, voice agents and workflow automation services to UK business customers.`,
  dateLabel: 'Effective',
  date: '2025-07-25',
  dateText: '25 July 2025',
  intro: [
    {
      kind: 'p',
      text: `These terms set out how you may use our website and the terms on which ${COMPANY.legalName} provides its services. Our services are offered to business customers only (business-to-business, or B2B), and these terms are written on that basis.`,
    },
  ],
  sections: [
    {
      id: 'who-we-are',
      title: '1. Who we are',
      blocks: [
        {
          kind: 'p',
          text: `${COMPANY.name} is the trading name of ${COMPANY.legalName}, a company registered in ${COMPANY.registeredIn} under company number ${COMPANY.companyNumber}, with its registered office at ${COMPANY.registeredOffice}.`,
        },
        {
          kind: 'p',
          text: `In these terms, “we” and “us” mean ${COMPANY.legalName}, and “you” means the business that uses our website or engages us.`,
        },
        {
          kind: 'p',
          text: 'Our services are for business customers only. By engaging us you confirm that you are acting for the purposes of your trade, business or profession, not as a consumer, and that you have authority to bind your business. Sole traders engaging us for their business count as business customers.',
        },
      ],
    },
    {
      id: 'use-of-our-services',
      title: '2. Use of our website and services',
      blocks: [
        { kind: 'h3', text: 'Our website' },
        {
          kind: 'p',
          text: 'The content of our website, including our blog, is general information about our services and about AI in business. It is not legal, technical or financial advice for your situation, and we may change or withdraw it at any time. You must not misuse our website, for example by attempting unauthorised access, introducing malicious code, copying it in bulk or sending spam through our forms.',
        },
        { kind: 'h3', text: 'Our services' },
        {
          kind: 'p',
          text: 'These terms also apply to any services we provide to you, which include:',
        },
        {
          kind: 'ul',
          items: [
            'AI chatbots for your website, WhatsApp and other messaging channels;',
            'AI voice agents that answer calls, route callers to the right person and book appointments into your calendar or job management system;',
            'custom workflow automation connecting the tools you already use, such as forms, CRMs, calendars and email;',
            'related discovery, consultancy, setup, training, hosting, monitoring and support.',
          ],
        },
        {
          kind: 'p',
          text: 'We will perform our services with reasonable care and skill. AI systems produce their output by prediction and can sometimes be inaccurate, incomplete or inappropriate. We test and monitor our work and put sensible safeguards in place, but we do not promise that any AI system will be error-free or always available, or that it will achieve a particular business result, unless a proposal or SOW expressly says so.',
        },
        { kind: 'h3', text: 'Our contract with you' },
        {
          kind: 'p',
          text: 'For paid engagements we agree a written proposal or statement of work (SOW) setting out the scope, deliverables, timescales, fees and any service levels. Each proposal or SOW, together with these terms, forms the contract between us. If a proposal or SOW conflicts with these terms, the proposal or SOW prevails for that engagement.',
        },
        {
          kind: 'p',
          text: 'A contract is formed when you accept a proposal or SOW in writing (email is enough) or pay our first invoice for it. Changes to scope must be agreed in writing.',
        },
        {
          kind: 'p',
          text: 'The contract is the entire agreement between us about its subject matter and replaces any earlier discussions, although nothing in it limits liability for fraudulent misrepresentation. Neither of us may transfer it to someone else without the other’s written consent, except that we may use subcontractors while remaining responsible for their work. No one other than you and us has any right to enforce it under the Contracts (Rights of Third Parties) Act 1999. If a court decides that part of it is unenforceable, the rest continues to apply.',
        },
      ],
    },
    {
      id: 'client-obligations',
      title: '3. Your obligations',
      blocks: [
        { kind: 'p', text: 'So that we can deliver our services properly, you agree to:' },
        {
          kind: 'ul',
          items: [
            'give us accurate, up-to-date information about your business, such as services, prices and opening hours, and tell us promptly when anything changes;',
            'use our services lawfully, and not for spam, nuisance or silent calls, misleading or unlawful content, or to harass or discriminate against anyone;',
            'give us timely access to the systems, accounts and credentials we reasonably need, and keep your own log-in details secure;',
            'obtain the consents and give the notices your own customers are entitled to, including telling callers that calls may be recorded and that they may be speaking to an AI assistant, and having consent where the Privacy and Electronic Communications Regulations 2003 require it before marketing messages or automated calls are sent;',
            'review AI outputs, such as chatbot answers, call summaries and bookings, before relying on them for important decisions, and keep a route to a human for customers who need one, especially in emergencies;',
            'comply with the terms of the third-party platforms you use with our services (see section 6).',
          ],
        },
        {
          kind: 'p',
          text: 'You are responsible for the content you supply, such as call scripts and price lists, and confirm you have the right to let us use it. If you do not meet these obligations, we are not responsible for resulting delays and may charge reasonable fees for extra work, after telling you first.',
        },
      ],
    },
    {
      id: 'intellectual-property',
      title: '4. Intellectual property',
      blocks: [
        {
          kind: 'p',
          text: 'We keep all intellectual property rights in our pre-existing materials and anything we develop independently of your engagement, including our tools, code libraries, templates, prompt frameworks and know-how (“our materials”).',
        },
        {
          kind: 'p',
          text: 'You keep ownership of your data, content, trade marks and any other materials you provide to us (“your materials”). You grant us a licence to use them only as needed to provide the services.',
        },
        {
          kind: 'p',
          text: 'Once we have received full payment of all fees due for an engagement, ownership of the deliverables created specifically for you, such as bespoke conversation flows, scripts, configurations and custom code, passes to you, excluding our materials and third-party components.',
        },
        {
          kind: 'p',
          text: 'Where our materials form part of a deliverable, we grant you a non-exclusive, non-transferable, perpetual, royalty-free licence to use them as part of that deliverable for your own internal business purposes. You may not resell or sublicense them.',
        },
        {
          kind: 'p',
          text: 'Third-party software and AI models remain the property of their providers. We will name you as a client only with your permission.',
        },
      ],
    },
    {
      id: 'privacy',
      title: '5. Privacy, data protection and confidentiality',
      blocks: [
        {
          kind: 'p',
          text: [
            'We handle personal data about you and your staff as explained in our ',
            { text: 'Privacy Policy', href: '/privacy-policy' },
            '.',
          ],
        },
        {
          kind: 'p',
          text: 'When we process personal data on your behalf while providing our services, such as details of people who call your voice agent or use your chatbot, you are the controller and we are your processor. Our data processing agreement, which forms part of the contract and meets Article 28 of the UK GDPR, sets out how we process that data only on your instructions, keep it secure, use approved sub-processors and delete or return it at the end.',
        },
        {
          kind: 'p',
          text: 'You are responsible for having a lawful basis for the processing and for giving your customers clear privacy information, including about your use of AI.',
        },
        { kind: 'h3', text: 'Confidentiality' },
        {
          kind: 'p',
          text: 'Each of us will keep the other’s confidential information, such as business plans, prices, customer information and system credentials, confidential and use it only to perform the contract. This does not apply to information that is or becomes public other than through a breach of these terms, that the recipient already had or develops independently, or that must be disclosed by law or a regulator. This duty continues for five years after the contract ends and, for credentials and personal data, for as long as the information is held.',
        },
      ],
    },
    {
      id: 'third-party-tools',
      title: '6. Third-party tools and services',
      blocks: [
        {
          kind: 'p',
          text: 'Our services rely on tools provided by other companies, including:',
        },
        {
          kind: 'ul',
          items: [
            'AI model providers supplying the language, speech-to-text and text-to-speech models;',
            'telephony providers and carriers supplying phone numbers, call routing and SMS;',
            'the WhatsApp Business Platform, provided by Meta;',
            'online scheduling and calendar services;',
            'CRMs and the job management, booking, email and accounting software you use.',
          ],
        },
        {
          kind: 'p',
          text: 'These tools are subject to their providers’ own terms and policies, and some require you to hold your own account and accept those terms directly.',
        },
        {
          kind: 'p',
          text: 'We choose reputable providers, but we do not control them and are not liable for their outages, changes to their features or pricing, or any suspension of your account by them. If a provider change affects your service, we will tell you promptly and work with you on a reasonable alternative.',
        },
        {
          kind: 'p',
          text: 'Third-party usage charges, such as call minutes and AI model usage, are charged as set out in your proposal or SOW.',
        },
      ],
    },
    {
      id: 'payment',
      title: '7. Fees and payment',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Our fees are set out in the relevant proposal or SOW. All prices and invoices are in pounds sterling (GBP).',
            'Prices exclude VAT, which will be added at the applicable rate where VAT is chargeable.',
            'Unless your proposal or SOW says otherwise, recurring fees are invoiced monthly in advance and usage charges monthly in arrears.',
            'Invoices are payable within 14 days of the invoice date by bank transfer to the account shown on the invoice.',
            'If you dispute an invoice, tell us in writing within 14 days and pay any undisputed amount on time.',
            'We will give you at least 30 days’ notice by email of any change to recurring fees.',
          ],
        },
        {
          kind: 'p',
          text: 'If payment is late, we may charge statutory interest and fixed-sum compensation under the Late Payment of Commercial Debts (Interest) Act 1998, currently interest at 8% a year above the Bank of England base rate, together with reasonable costs of recovering the debt. If an invoice is still unpaid 14 days after its due date, we may suspend the services after giving you at least 7 days’ written notice, until payment is received in full.',
        },
      ],
    },
    {
      id: 'limitation-of-liability',
      title: '8. Limitation of liability',
      blocks: [
        {
          kind: 'p',
          text: 'Nothing in these terms limits or excludes our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or excluded by law.',
        },
        {
          kind: 'p',
          text: 'Subject to that, we will not be liable to you, whether in contract, tort (including negligence), breach of statutory duty or otherwise, for any:',
        },
        {
          kind: 'ul',
          items: [
            'loss of profit, revenue, sales, business or contracts;',
            'loss of anticipated savings;',
            'loss of goodwill or damage to reputation;',
            'loss or corruption of data, except the reasonable cost of restoring it from the latest backup we are responsible for;',
            'missed calls or bookings caused by third-party outages or inaccurate information you supplied;',
            'indirect or consequential loss.',
          ],
        },
        {
          kind: 'p',
          text: 'Subject to the first paragraph of this section, our total aggregate liability arising out of or in connection with these terms and our services is limited to the total fees you paid to us in the 12 months immediately before the event giving rise to the claim.',
        },
        {
          kind: 'p',
          text: 'Except as expressly set out in these terms, all warranties, conditions and other terms implied by statute or common law are excluded to the fullest extent the law allows. Neither of us is liable for delays caused by events beyond our reasonable control.',
        },
      ],
    },
    {
      id: 'termination',
      title: '9. Termination',
      blocks: [
        {
          kind: 'p',
          text: 'Either of us may end an engagement, or any ongoing service, by giving the other at least 30 days’ written notice by email, unless your proposal or SOW sets a minimum term or a different notice period.',
        },
        {
          kind: 'p',
          text: 'Either of us may end the contract immediately by written notice if the other:',
        },
        {
          kind: 'ul',
          items: [
            'commits a material breach of these terms or of a proposal or SOW and, if the breach can be put right, fails to do so within 14 days of being asked in writing (an invoice that remains unpaid more than 30 days after its due date counts as a material breach); or',
            'becomes insolvent, enters administration or liquidation, makes an arrangement with its creditors or stops trading.',
          ],
        },
        { kind: 'h3', text: 'What happens when the contract ends' },
        {
          kind: 'ul',
          items: [
            'You pay for work done up to the end date and any third-party costs already committed. Fees paid in advance for later periods are refunded pro rata, unless we ended the contract because of your breach.',
            'Services running on our infrastructure are switched off on the end date. Where the carrier allows, we will help you port your phone numbers.',
            'For 30 days after the end date, on request, we will export your data, such as conversation logs and call transcripts, in a common format.',
            'We then delete the personal data we process on your behalf within 90 days, unless the law requires us to keep it. We keep our own business records as described in our Privacy Policy.',
            'We return or delete your credentials, and you should change any passwords and revoke any access keys we used.',
            'Sections meant to continue, including intellectual property, payment, liability and governing law, continue to apply.',
          ],
        },
      ],
    },
    {
      id: 'changes-to-these-terms',
      title: '10. Changes to these terms',
      blocks: [
        {
          kind: 'p',
          text: 'We may update these terms to reflect changes in the law or our services. The updated version will be published on this page with a new effective date.',
        },
        {
          kind: 'p',
          text: 'If you have an ongoing engagement with us and we make a material change, we will tell you by email at least 30 days before it takes effect. If you do not accept it, you can end the affected services by written notice before then, without any early termination charge. Changes do not alter a proposal or SOW you have already accepted unless we both agree in writing.',
        },
      ],
    },
    {
      id: 'governing-law',
      title: '11. Governing law and jurisdiction',
      blocks: [
        {
          kind: 'p',
          text: 'These terms, every proposal and SOW, and any dispute or claim (including non-contractual disputes or claims) arising out of or in connection with them are governed by the laws of England and Wales. The courts of England and Wales have exclusive jurisdiction.',
        },
        {
          kind: 'p',
          text: 'Before going to court, we will each try in good faith to resolve any dispute informally, starting with a written explanation and a meeting within 14 days.',
        },
      ],
    },
    {
      id: 'contact-us',
      title: '12. Contact us',
      blocks: [
        { kind: 'p', text: 'If you have any questions about these terms, please contact us:' },
        CONTACT_DETAILS_LIST,
        {
          kind: 'p',
          text: 'Formal notices under these terms, including termination notices, may be sent by email to the address each of us has given the other.',
        },
      ],
    },
  ],
}
