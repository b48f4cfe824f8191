/**
 * Telling bots from people without asking anything of the people: a honeypot field, and the time
 * the form was served, which the server keeps in a signed cookie sent back only with the form. A
 * plain POST of the six fields carries neither, and is judged on those fields alone.
 */
import type { AppLoadContext } from '@remix-run/node'

import { SPAM_TRAP_FIELD } from './fields'

/** Nobody reads, types and sends the form faster than this. */
export const MIN_FILL_MS = 2000

export type FormServedAt = Awaited<ReturnType<AppLoadContext['readFormServedAt']>>

export type SpamReason = 'honeypot' | 'forged-time' | 'too-fast'

/** Why a submission is a bot's, or undefined for a person's (or a plain six-field POST). */
export function spamReason(
  formData: FormData,
  servedAt: FormServedAt,
  now = Date.now(),
): SpamReason | undefined {
  const trap = formData.get(SPAM_TRAP_FIELD)
  if (trap !== null && trap !== '') return 'honeypot'
  // No time is no evidence: a client that keeps no cookies is judged on its fields.
  if (servedAt.status === 'absent') return undefined
  if (servedAt.status === 'forged') return 'forged-time'
  // A time in the future is too fast as well.
  return now - servedAt.atMs < MIN_FILL_MS ? 'too-fast' : undefined
}
