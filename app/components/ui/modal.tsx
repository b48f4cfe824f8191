import { useEffect, useId, useRef, type ReactNode } from 'react'

type ModalProps = {
  isOpen: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** extra buttons or links beside Close */
  actions?: ReactNode
  /** Without JavaScript the Close controls are links to this address. */
  closeHref?: string
  size?: 'md' | 'lg'
}

/**
 * The one modal of the site, on the native <dialog>: showModal() makes the background inert,
 * keeps focus inside and closes on Escape; focus goes back to where it was on close.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  actions,
  closeHref,
  size = 'md',
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const returnFocusRef = useRef<HTMLElement | null>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (isOpen && !dialog.matches(':modal')) {
      returnFocusRef.current = document.activeElement as HTMLElement | null
      // The rendered dialog is open but not modal: reopen it as a modal.
      if (dialog.open) dialog.close()
      dialog.showModal()
    } else if (!isOpen && dialog.open) {
      dialog.close()
    }
  }, [isOpen])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const handleClose = () => {
      // Reopening the rendered dialog as a modal closes it first: not the visitor closing it.
      if (dialog.open) return
      returnFocusRef.current?.focus?.()
      returnFocusRef.current = null
      onClose()
    }
    dialog.addEventListener('close', handleClose)
    return () => dialog.removeEventListener('close', handleClose)
  }, [onClose])

  const close = (event: React.MouseEvent) => {
    event.preventDefault()
    dialogRef.current?.close()
  }

  const width = size === 'lg' ? 'max-w-3xl' : 'max-w-lg'
  const closeClass =
    'rounded-lg bg-slate-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

  return (
    // Escape already closes a modal dialog; the click handler only adds closing on the backdrop.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      // Open in the HTML, so the dialog shows without JavaScript; the effect above makes it modal.
      open={isOpen || undefined}
      className={`fixed inset-0 z-50 m-auto max-h-[85vh] w-[calc(100%-2rem)] ${width} overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 open:flex open:flex-col`}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current) dialogRef.current.close()
      }}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {closeHref ? (
          <a
            href={closeHref}
            onClick={close}
            aria-label="Close dialog"
            className="-m-2 rounded p-2 text-slate-500 hover:text-slate-900"
          >
            <CrossIcon />
          </a>
        ) : (
          <button
            type="button"
            onClick={close}
            aria-label="Close dialog"
            className="-m-2 rounded p-2 text-slate-500 hover:text-slate-900"
          >
            <CrossIcon />
          </button>
        )}
      </div>
      <div className="overflow-y-auto px-6 py-5">{children}</div>
      <div className="flex justify-end gap-3 border-t border-slate-200 px-6 py-4">
        {actions}
        {closeHref ? (
          <a href={closeHref} onClick={close} className={closeClass}>
            Close
          </a>
        ) : (
          <button type="button" onClick={close} className={closeClass}>
            Close
          </button>
        )}
      </div>
    </dialog>
  )
}

function CrossIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  )
}
