/**
 * One value per process, however many bundles include the module that asks for it: server.ts and
 * the Remix build are bundled apart, so module-level state would otherwise exist twice.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>
  const key = Symbol.for(`brightwell.${name}`)
  if (!(key in holder)) holder[key] = create()
  return holder[key] as T
}
