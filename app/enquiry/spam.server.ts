/**
 * Telling bots from people without asking anything of the people: a honeypot field and the
 * signed time the form was served. A plain POST of the six fields carries neither, and is judged
 * on those fields alone.
 */
import crypto from 'node:crypto'

import { SERVED_AT_FIELD, SPAM_TRAP_FIELD } from './fields'

/** Nobody reads, types and sends the form faster than this. */
export const MIN_FILL_MS = 2000

// The secrets also sign the toast cookie: this prefix keeps one signature from passing as the other.
const PURPOSE = 'enquiry-form-served-at:'

function signature(servedAtMs: number, secret: string) {
  return crypto.createHmac('sha256', secret).update(`${PURPOSE}${servedAtMs}`).digest('base64url')
}

/** `<ms since epoch>.<HMAC>`, signed with the first secret (the rest are older ones, for rotation). */
export function signServedAt(servedAtMs: number, secrets: readonly string[]): string {
  return `${servedAtMs}.${signature(servedAtMs, secrets[0]!)}`
}

/** When the form was served, or undefined when the token was not signed by any of the secrets. */
export function verifyServedAt(token: string, secrets: readonly string[]): number | undefined {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token)
  if (!match) return undefined
  const servedAtMs = Number(match[1])
  const given = Buffer.from(match[2]!)
  const isSigned = secrets.some((secret) =>
    crypto.timingSafeEqual(given, Buffer.from(signature(servedAtMs, secret))),
  )
  return isSigned ? servedAtMs : undefined
}

export type SpamReason = 'honeypot' | 'forged-time' | 'too-fast'

/** Why a submission is a bot's, or undefined for a person's (or a plain six-field POST). */
export function spamReason(
  formData: FormData,
  secrets: readonly string[],
  now = Date.now(),
): SpamReason | undefined {
  const trap = formData.get(SPAM_TRAP_FIELD)
  if (trap !== null && trap !== '') return 'honeypot'
  const token = formData.get(SERVED_AT_FIELD)
  if (token === null || token === '') return undefined
  const servedAtMs = typeof token === 'string' ? verifyServedAt(token, secrets) : undefined
  if (servedAtMs === undefined) return 'forged-time'
  // A time in the future is too fast as well.
  return now - servedAtMs < MIN_FILL_MS ? 'too-fast' : undefined
}

/** The posted served-at token, to render into a form shown again, when it is genuine. */
export function genuineServedAt(formData: FormData, secrets: readonly string[]) {
  const token = formData.get(SERVED_AT_FIELD)
  return typeof token === 'string' && verifyServedAt(token, secrets) !== undefined
    ? token
    : undefined
}
