import type { Request } from 'express'

/**
 * True when the connection comes from a proxy that TRUST_PROXY trusts: the rule Express applies
 * to X-Forwarded-For, asked of the connection's peer, so that the same hops are believed about
 * the client's address, the protocol and the request id.
 */
export function isFromTrustedProxy(req: Request): boolean {
  const trust = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean
  return trust(req.socket.remoteAddress ?? '', 0)
}
