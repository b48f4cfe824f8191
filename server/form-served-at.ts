import { createCookie, type Cookie } from '@remix-run/node'
import type { Request, RequestHandler } from 'express'

import { dataPathOf, isPageDataPath, pagePathOf } from './remix-addresses'

/** The pages that carry the enquiry form. */
const FORM_PAGES = new Set(['/', '/contact'])
/**
 * Where the form posts: its page's address without JavaScript, and the address of that page's
 * data with it (Remix's single fetch). A cookie's Path `/contact` does not cover `/contact.data`.
 */
export const ENQUIRY_ACTION_PATHS = ['/contact', dataPathOf('/contact')]
const COOKIE_NAME = 'form_served_at'
const HAS_COOKIE = new RegExp(`(?:^|;\\s*)${COOKIE_NAME}=`)

/** When the form was served to this visitor: no cookie, one not signed by us, or the time. */
export type FormServedAt =
  { status: 'absent' } | { status: 'forged' } | { status: 'signed'; atMs: number }

/**
 * The time the enquiry form was served travels in a strictly necessary cookie, not in the page,
 * so that every visitor gets the same bytes. Signed with the session secrets (the first signs,
 * every one verifies, for rotation), sent back only to the form's addresses (one cookie for each,
 * the same time in both), and gone when the browser closes. `Secure` whenever the visitor is on
 * HTTPS, directly or behind the proxy.
 */
export function formServedAtCookie({ secrets, siteUrl }: { secrets: string[]; siteUrl: string }) {
  const make = (secure: boolean) =>
    ENQUIRY_ACTION_PATHS.map((path) =>
      createCookie(COOKIE_NAME, { path, httpOnly: true, sameSite: 'lax', secure, secrets }),
    )
  const cookies = { secure: make(true), plain: make(false) }
  const cookiesFor = (req: Request): Cookie[] =>
    req.secure || siteUrl.startsWith('https:') ? cookies.secure : cookies.plain
  const hasCookie = (req: Request) => HAS_COOKIE.test(req.get('cookie') ?? '')

  /**
   * Sets the cookies on every load of a page with the form, and on a navigation inside the app
   * (a request for the page's data) that finds none; a revalidation after a send keeps the first
   * time, so a person who fixes a field and sends again at once is not taken for a bot.
   */
  const issue: RequestHandler = (req, res, next) => {
    const isFormPage =
      (req.method === 'GET' || req.method === 'HEAD') && FORM_PAGES.has(pagePathOf(req.path))
    if (!isFormPage || (isPageDataPath(req.path) && hasCookie(req))) return next()
    const servedAtMs = Date.now()
    Promise.all(cookiesFor(req).map((cookie) => cookie.serialize(servedAtMs))).then((headers) => {
      for (const header of headers) res.append('Set-Cookie', header)
      next()
    }, next)
  }

  /** What the request's cookie says of when its form was served. */
  async function read(req: Request): Promise<FormServedAt> {
    if (!hasCookie(req)) return { status: 'absent' }
    // Every path's cookie reads the same: the path only decides where the browser sends it.
    const value: unknown = await cookiesFor(req)[0]!.parse(req.get('cookie') ?? null)
    return typeof value === 'number' && Number.isFinite(value)
      ? { status: 'signed', atMs: value }
      : { status: 'forged' }
  }

  return { issue, read }
}
