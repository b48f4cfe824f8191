import { EnquiryForm } from '~/components/contact/enquiry-form'

export default function ContactRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold">Contact us</h1>
      <EnquiryForm />
    </section>
  )
}
