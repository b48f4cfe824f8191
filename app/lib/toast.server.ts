import { createCookieSessionStorage } from '@remix-run/node'
import { createToastUtilsWithCustomSession } from 'remix-toast'

import { getConfig } from './config.server'

type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>

function createToastUtils(secure: boolean): ToastUtils {
  return createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: {
        name: 'toast',
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        // remix-toast's own cookie is unsigned; ours is signed with the rotating secrets.
        secrets: getConfig().sessionSecrets,
      },
    }),
  )
}

let utils: { secure: ToastUtils; plain: ToastUtils } | undefined

/**
 * The toast helpers for this request. The cookie is `Secure` whenever the visitor is on HTTPS
 * (directly or behind the load balancer), so plain-HTTP clients still get their flash message back.
 */
export function toastFor(request: Request): ToastUtils {
  utils ??= { secure: createToastUtils(true), plain: createToastUtils(false) }
  const isHttps =
    new URL(request.url).protocol === 'https:' || getConfig().siteUrl.startsWith('https:')
  return isHttps ? utils.secure : utils.plain
}

/** The flash toast of this request, and the headers to send only when there was one. */
export async function readToast(request: Request) {
  if (!request.headers.get('cookie')?.includes('toast='))
    return { toast: undefined, headers: undefined }
  const { toast, headers } = await toastFor(request).getToast(request)
  return { toast, headers: toast ? headers : undefined }
}
