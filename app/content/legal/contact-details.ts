import { COMPANY } from '../company'

import type { LegalBlock } from './types'

/** How to reach the company, as both legal texts end: email, phone and the registered office. */
export const CONTACT_DETAILS_LIST: LegalBlock = {
  kind: 'ul',
  items: [
    ['Email: ', { contact: 'email' }],
    ['Phone: ', { contact: 'phone' }],
    `Post: ${COMPANY.legalName}, ${COMPANY.registeredOffice}`,
  ],
}
