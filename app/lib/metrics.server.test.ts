import { register } from 'prom-client'
import { describe, expect, it, vi } from 'vitest'

describe('the metrics', () => {
  it('are registered once, however often the app is imported again (development rebuilds)', async () => {
    const first = await import('./metrics.server')
    vi.resetModules()
    const second = await import('./metrics.server')

    expect(second.metrics).toBe(first.metrics)
    const names = (await register.getMetricsAsJSON()).map((metric) => metric.name)
    expect(names).toEqual(
      expect.arrayContaining(['http_request_duration_seconds', 'enquiries_total']),
    )
    expect(new Set(names).size).toBe(names.length)
  })
})
