import { lazy, Suspense, useEffect, useState } from 'react'

import { useHydrated } from '~/components/use-hydrated'
import { TOAST_AUTO_CLOSE_MS } from '~/lib/constants'

export type ToastKind = 'success' | 'error' | 'info' | 'warning'
type PendingToast = { message: string; kind: ToastKind }

// react-toastify is only downloaded once a toast exists: most visits never need it.
const loadToastify = () => import('react-toastify')

const pending: PendingToast[] = []
const listeners = new Set<() => void>()

/** Shows a toast (top-right, dark, 4 s) from anywhere in the browser. */
export function notify(message: string, kind: ToastKind = 'info') {
  pending.push({ message, kind })
  listeners.forEach((listener) => listener())
}

const ToastContainer = lazy(async () => {
  const { ToastContainer, toast } = await loadToastify()
  function Container() {
    useEffect(() => {
      const flush = () => {
        for (const { message, kind } of pending.splice(0)) toast[kind](message)
      }
      flush()
      listeners.add(flush)
      return () => {
        listeners.delete(flush)
      }
    }, [])
    return (
      <ToastContainer
        position="top-right"
        // Below the fixed header, so the toast never hides the navigation.
        style={{ top: '5rem' }}
        autoClose={TOAST_AUTO_CLOSE_MS}
        theme="dark"
        newestOnTop
        pauseOnHover
        pauseOnFocusLoss
      />
    )
  }
  return { default: Container }
})

/**
 * Mounts the toast container when the first toast arrives. A flash toast from the server
 * is also printed in the page so that it is seen without JavaScript.
 */
export function Toaster({ flash }: { flash?: { message: string; type: ToastKind } }) {
  const isHydrated = useHydrated()
  const [isNeeded, setIsNeeded] = useState(false)

  useEffect(() => {
    const wake = () => setIsNeeded(true)
    listeners.add(wake)
    if (pending.length > 0) wake()
    return () => {
      listeners.delete(wake)
    }
  }, [])

  useEffect(() => {
    if (flash) notify(flash.message, flash.type)
  }, [flash])

  if (!isHydrated) {
    return flash ? (
      <div
        role={flash.type === 'error' ? 'alert' : 'status'}
        className="fixed right-4 top-20 z-50 max-w-sm rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
      >
        {flash.message}
      </div>
    ) : null
  }
  return isNeeded ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null
}
