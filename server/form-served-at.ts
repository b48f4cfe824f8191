import { createCookie, type Cookie } from '@remix-run/node'
import type { Request, RequestHandler } from 'express'

/** The pages that carry the enquiry form, and the one address it posts to. */
const FORM_PAGES = new Set(['/', '/contact'])
const FORM_ACTION = '/contact'
const COOKIE_NAME = 'form_served_at'
const HAS_COOKIE = new RegExp(`(?:^|;\\s*)${COOKIE_NAME}=`)

/** When the form was served to this visitor: no cookie, one not signed by us, or the time. */
export type FormServedAt =
  { status: 'absent' } | { status: 'forged' } | { status: 'signed'; atMs: number }

/**
 * The time the enquiry form was served travels in a strictly necessary cookie, not in the page,
 * so that every visitor gets the same bytes. Signed with the session secrets (the first signs,
 * every one verifies, for rotation), sent back only to the form's address, and gone when the
 * browser closes. `Secure` whenever the visitor is on HTTPS, directly or behind the proxy.
 */
export function formServedAtCookie({ secrets, siteUrl }: { secrets: string[]; siteUrl: string }) {
  const make = (secure: boolean) =>
    createCookie(COOKIE_NAME, {
      path: FORM_ACTION,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      secrets,
    })
  const cookies = { secure: make(true), plain: make(false) }
  const cookieFor = (req: Request): Cookie =>
    req.secure || siteUrl.startsWith('https:') ? cookies.secure : cookies.plain
  const hasCookie = (req: Request) => HAS_COOKIE.test(req.get('cookie') ?? '')

  /**
   * Sets the cookie on every load of a page with the form, and on a navigation inside the app
   * (Remix's `?_data` requests) that finds none; a revalidation after a send keeps the first
   * time, so a person who fixes a field and sends again at once is not taken for a bot.
   */
  const issue: RequestHandler = (req, res, next) => {
    const isFormPage = (req.method === 'GET' || req.method === 'HEAD') && FORM_PAGES.has(req.path)
    if (!isFormPage || (req.query._data !== undefined && hasCookie(req))) return next()
    cookieFor(req)
      .serialize(Date.now())
      .then((header) => {
        res.append('Set-Cookie', header)
        next()
      }, next)
  }

  /** What the request's cookie says of when its form was served. */
  async function read(req: Request): Promise<FormServedAt> {
    if (!hasCookie(req)) return { status: 'absent' }
    const value: unknown = await cookieFor(req).parse(req.get('cookie') ?? null)
    return typeof value === 'number' && Number.isFinite(value)
      ? { status: 'signed', atMs: value }
      : { status: 'forged' }
  }

  return { issue, read }
}
