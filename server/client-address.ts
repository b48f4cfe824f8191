import express, { type Request } from 'express'
import { ipKeyGenerator } from 'express-rate-limit'

/** Express's rule for whom to believe: whether the hop `i` from the right, at `address`, is a proxy. */
type TrustFunction = (address: string, i: number) => boolean

/**
 * Addresses no stranger on the internet can connect from: loopback, link-local, the private ranges
 * (RFC 1918, IPv6 unique local) and the carrier-grade NAT range some platforms give their
 * balancers (RFC 6598). Compiled by Express itself, as it compiles a TRUST_PROXY list.
 */
const isInternalAddress = express()
  .set('trust proxy', 'loopback, linklocal, uniquelocal, 100.64.0.0/10')
  .get('trust proxy fn') as TrustFunction

/**
 * What `trust proxy` is set to. A list names the proxies by address or range (Express's own
 * form). A hop count believes that many proxies, but only from internal addresses: a stranger
 * reaching the app port directly, from the internet, is never a proxy, so the address they write
 * in X-Forwarded-For is not believed. Behind the documented balancer (an internal address, one hop)
 * nothing changes.
 */
export function trustProxySetting(setting: number | string[]): false | string | TrustFunction {
  if (typeof setting !== 'number') return setting.join(', ')
  if (setting === 0) return false
  return (address, i) => i < setting && isInternalAddress(address, i)
}

/**
 * The key a client's share is counted under: its address as `trust proxy` decides, an IPv6
 * address by its /56 prefix (what one home or office is given, as express-rate-limit 8 counts).
 */
export function clientKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown', 56)
}
