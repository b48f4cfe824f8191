import { Modal } from '~/components/ui/modal'
import { useHydrated } from '~/components/use-hydrated'
import { THANK_YOU_COPY } from '~/content/contact'

type ThankYouDialogProps = {
  isOpen: boolean
  onClose: () => void
  /** Without JavaScript, where the Close controls lead. */
  closeHref?: string
}

/** Shown once an enquiry has reached the backend. */
export function ThankYouDialog({ isOpen, onClose, closeHref }: ThankYouDialogProps) {
  const isHydrated = useHydrated()
  return (
    <>
      {isOpen && !isHydrated ? (
        // Server-rendered, the dialog is open but not modal: dim the page as showModal() would.
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-950/60" />
      ) : null}
      <Modal isOpen={isOpen} onClose={onClose} title={THANK_YOU_COPY.title} closeHref={closeHref}>
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
          >
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <p className="text-base leading-7 text-slate-700">{THANK_YOU_COPY.text}</p>
        </div>
      </Modal>
    </>
  )
}
