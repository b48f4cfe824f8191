import { useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'

import { PRIMARY_BUTTON } from '~/components/ui/button-styles'
import { ExternalLink } from '~/components/ui/external-link'
import { useSiteConfig } from '~/components/use-site-config'
import { ENQUIRY_FIELD_COPY, ENQUIRY_FORM_COPY } from '~/content/contact'
import {
  ENQUIRY_ACTION,
  ENQUIRY_FIELDS,
  firstInvalidField,
  readEnquiryValues,
  SPAM_TRAP_FIELD,
  type EnquiryErrors,
  type EnquiryField,
  type EnquiryResult,
} from '~/enquiry/fields'

import { ThankYouDialog } from './thank-you-dialog'

// The rules (and zod) download when the visitor first touches the form, not with the page.
const loadEnquiryRules = () => import('./schema')

type EnquiryFormProps = {
  /** keeps element ids unique on a page */
  idPrefix?: string
  /** the action's answer to a submission made without JavaScript (on /contact) */
  serverResult?: EnquiryResult
  /** this page is where a submission without JavaScript landed once it was sent */
  wasSentWithoutJavaScript?: boolean
}

/** The message shown in the form itself; with JavaScript a plain failure is a toast instead. */
function noticeFor(result: EnquiryResult | undefined, hasJavaScript: boolean) {
  if (!result) return undefined
  if (result.outcome === 'failed') return hasJavaScript ? undefined : result.message
  if (result.outcome === 'rate-limited' || result.outcome === 'too-large') return result.message
  return undefined
}

/**
 * The enquiry form of / and /contact. It always posts to /contact: without JavaScript that is a
 * page load (the /contact page answers with messages and values); with it, a fetcher keeps the
 * visitor where they are.
 */
export function EnquiryForm({
  idPrefix = 'enquiry',
  serverResult,
  wasSentWithoutJavaScript = false,
}: EnquiryFormProps) {
  const fetcher = useFetcher<EnquiryResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const isSubmittingRef = useRef(false)
  const handledResultRef = useRef<unknown>(undefined)
  const [errors, setErrors] = useState<EnquiryErrors>(
    serverResult?.outcome === 'invalid' ? serverResult.errors : {},
  )
  const [notice, setNotice] = useState(() => noticeFor(serverResult, false))
  const [isThankYouOpen, setIsThankYouOpen] = useState(wasSentWithoutJavaScript)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const isSending = fetcher.state !== 'idle'

  const initialValues = serverResult && 'values' in serverResult ? serverResult.values : undefined
  const initialFocus =
    serverResult?.outcome === 'invalid' ? firstInvalidField(serverResult.errors) : undefined

  const focusField = (field: EnquiryField | undefined) => {
    const element = field ? formRef.current?.elements.namedItem(field) : null
    if (element instanceof HTMLElement) element.focus()
  }

  useEffect(() => {
    if (isSending) return
    isSubmittingRef.current = false
    const result = fetcher.data
    if (!result || handledResultRef.current === result) return
    handledResultRef.current = result
    // The disabled button lost focus while sending; give it back before anything else moves it.
    if (!formRef.current?.contains(document.activeElement)) submitRef.current?.focus()
    setNotice(noticeFor(result, true))
    switch (result.outcome) {
      case 'sent':
        for (const field of ENQUIRY_FIELDS) {
          const element = formRef.current?.elements.namedItem(field)
          if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
            element.value = ''
          }
        }
        setErrors({})
        setIsThankYouOpen(true)
        break
      case 'invalid':
        setErrors(result.errors)
        focusField(firstInvalidField(result.errors))
        break
    }
  }, [isSending, fetcher.data])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the fetcher sends the form, once the same rules as the server's pass.
    event.preventDefault()
    if (isSubmittingRef.current) return
    isSubmittingRef.current = true
    const form = event.currentTarget
    setNotice(undefined)
    const validation = await loadEnquiryRules().then(
      ({ validateEnquiry }) => validateEnquiry(readEnquiryValues(new FormData(form))),
      // The rules could not be downloaded: send anyway, the action checks them again.
      () => undefined,
    )
    if (validation && !validation.success) {
      isSubmittingRef.current = false
      setErrors(validation.errors)
      focusField(firstInvalidField(validation.errors))
      return
    }
    setErrors({})
    fetcher.submit(form, { method: 'post', action: ENQUIRY_ACTION })
  }

  const clearError = (field: EnquiryField) =>
    setErrors((current) => {
      if (!current[field]) return current
      const { [field]: _cleared, ...rest } = current
      return rest
    })

  const closeThankYou = useCallback(() => {
    setIsThankYouOpen(false)
    // The thank-you page's address would open the dialog again on a reload.
    if (wasSentWithoutJavaScript) navigate(pathname, { replace: true, preventScrollReset: true })
  }, [wasSentWithoutJavaScript, navigate, pathname])

  return (
    <>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={ENQUIRY_ACTION}
        noValidate
        onSubmit={handleSubmit}
        onFocus={() => void loadEnquiryRules()}
        className="relative space-y-6"
      >
        <SpamTrap id={`${idPrefix}-${SPAM_TRAP_FIELD}`} />
        <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
          {ENQUIRY_FIELDS.map((field) => (
            <EnquiryInput
              key={field}
              id={`${idPrefix}-${field}`}
              field={field}
              error={errors[field]}
              defaultValue={initialValues?.[field]}
              // Only after a failed no-JS submit: the page reloads, and focus belongs on the first error.
              autoFocus={field === initialFocus}
              onEdit={clearError}
            />
          ))}
        </div>

        {notice ? <FormNotice message={notice} /> : null}

        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{ENQUIRY_FORM_COPY.requiredNote}</p>
          <button
            ref={submitRef}
            type="submit"
            disabled={isSending}
            className={`${PRIMARY_BUTTON} inline-flex items-center justify-center gap-2 rounded-lg px-6 py-3 text-base shadow-sm focus-visible:outline disabled:cursor-wait disabled:bg-indigo-400`}
          >
            {isSending ? <Spinner /> : null}
            {isSending ? ENQUIRY_FORM_COPY.sending : ENQUIRY_FORM_COPY.submit}
          </button>
        </div>
        <p aria-live="polite" className="sr-only">
          {isSending ? ENQUIRY_FORM_COPY.sending : ''}
        </p>
      </fetcher.Form>
      <ThankYouDialog
        isOpen={isThankYouOpen}
        onClose={closeThankYou}
        closeHref={wasSentWithoutJavaScript ? pathname : undefined}
      />
    </>
  )
}

/**
 * A field only bots fill in: off screen, out of the tab order, hidden from assistive technology
 * and from autofill. Its label says to leave it empty, should anyone meet it all the same.
 */
function SpamTrap({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] top-0 h-px w-px overflow-hidden">
      <label htmlFor={id}>{ENQUIRY_FORM_COPY.spamTrapLabel}</label>
      <input id={id} type="text" name={SPAM_TRAP_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  )
}

type EnquiryInputProps = {
  id: string
  field: EnquiryField
  error: string | undefined
  defaultValue: string | undefined
  autoFocus: boolean
  onEdit: (field: EnquiryField) => void
}

function EnquiryInput({ id, field, error, defaultValue, autoFocus, onEdit }: EnquiryInputProps) {
  const copy: (typeof ENQUIRY_FIELD_COPY)[EnquiryField] = ENQUIRY_FIELD_COPY[field]
  const hint = 'hint' in copy ? copy.hint : undefined
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  const fieldProps = {
    id,
    name: field,
    required: true,
    autoComplete: copy.autoComplete,
    defaultValue,
    autoFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: () => onEdit(field),
    className: `mt-2 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm focus:outline-none focus:ring-2 ${
      error
        ? 'border-red-600 focus:border-red-600 focus:ring-red-600/30'
        : 'border-slate-300 focus:border-indigo-600 focus:ring-indigo-600/30'
    }`,
  }
  const isWide = field === 'businessName' || field === 'message'

  return (
    <div className={isWide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {copy.label}
      </label>
      {copy.type === 'textarea' ? (
        <textarea rows={5} {...fieldProps} />
      ) : (
        <input type={copy.type} {...fieldProps} />
      )}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="mt-0.5 h-4 w-4 flex-none"
            fill="currentColor"
          >
            <path
              fillRule="evenodd"
              d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A failure that is not about one field, with the other ways to reach us. */
function FormNotice({ message }: { message: string }) {
  const site = useSiteConfig()
  const linkClass = 'font-semibold text-red-900 underline underline-offset-2 hover:no-underline'
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <p className="font-medium">{message}</p>
      {site ? (
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
          <li>
            <a href={site.phoneHref} className={linkClass}>
              {ENQUIRY_FORM_COPY.call} {site.phone}
            </a>
          </li>
          <li>
            <a href={`mailto:${site.email}`} className={`${linkClass} break-all`}>
              {ENQUIRY_FORM_COPY.email} {site.email}
            </a>
          </li>
          <li>
            <ExternalLink href={site.whatsappUrl} className={linkClass}>
              {ENQUIRY_FORM_COPY.whatsapp}
            </ExternalLink>
          </li>
        </ul>
      ) : null}
    </div>
  )
}

function Spinner() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4 motion-safe:animate-spin"
      fill="none"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
