/** Placeholder until the enquiry form lands: the shared form used on / and on /contact. */
export function EnquiryForm({ idPrefix = 'enquiry' }: { idPrefix?: string }) {
  return <p id={`${idPrefix}-placeholder`}>The enquiry form is on its way.</p>
}
