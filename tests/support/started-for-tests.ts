import { afterAll, beforeAll } from 'vitest'

/**
 * Starts a service (a stack, a Redis) once before the tests of the file or block that calls this,
 * and stops it after them, even when a test failed. The returned function gives the running
 * service, from inside a test or hook.
 */
export function startedForTests<Service extends { stop: () => Promise<unknown> }>(
  start: () => Promise<Service>,
): () => Service {
  let service: Service | undefined
  beforeAll(async () => {
    service = await start()
  })
  afterAll(async () => {
    await service?.stop()
  })
  return () => {
    if (!service) throw new Error('The service is not running: it starts in beforeAll.')
    return service
  }
}
