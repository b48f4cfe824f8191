/** Facts about the company that the copy refers to. Contact details come from settings (root loader). */
export const COMPANY = {
  name: 'Brightwell AI',
  legalName: 'Brightwell AI Ltd',
  registeredIn: 'England and Wales',
  companyNumber: '15873204',
  registeredOffice: '71-75 Shelton Street, Covent Garden, London, WC2H 9JQ',
  tagline: 'AI chatbots, voice agents and workflow automation for UK small businesses',
  founded: 2023,
  copyrightYear: 2025,
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/brightwell-ai' },
    { name: 'X', href: 'https://x.com/brightwellai' },
    { name: 'Facebook', href: 'https://www.facebook.com/brightwellai' },
  ],
} as const
