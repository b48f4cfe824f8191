/** Values kept for the life of the process, by name, whichever copy of the app asks. */
const KEPT = Symbol.for('brightwell.remembered')

type Remembered = { [KEPT]?: Map<string, unknown> }

/**
 * The value `name` has in this process, made by `create` the first time it is asked for.
 * Production imports the app once; development imports every rebuild into the same process, and
 * what must exist once (metrics in prom-client's registry, the request context) is kept from the
 * first import rather than made again, as Remix's guide to its manual dev mode advises.
 */
export function remember<T>(name: string, create: () => T): T {
  const kept = ((globalThis as Remembered)[KEPT] ??= new Map())
  if (!kept.has(name)) kept.set(name, create())
  return kept.get(name) as T
}
