import { describe, expect, it } from 'vitest'

import { ConfigError, parseConfig as parseEnv } from './config.server'

/** A development environment with the given variables set. */
const parseConfig = (env: Record<string, string>) => parseEnv({ NODE_ENV: 'development', ...env })

describe('METRICS_PORT', () => {
  it('defaults to 9464, and 0 turns the metrics off', () => {
    expect(parseConfig({}).metricsPort).toBe(9464)
    expect(parseConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0)
    expect(parseConfig({ METRICS_PORT: '9100' }).metricsPort).toBe(9100)
  })

  it.each([
    ['metrics', 'METRICS_PORT: METRICS_PORT must be a whole number'],
    ['70000', 'METRICS_PORT: METRICS_PORT must be between 0 and 65535'],
  ])('names the variable when it is %s', (value, message) => {
    expect(() => parseConfig({ METRICS_PORT: value })).toThrow(message)
  })

  it('may not be the public port', () => {
    expect(() => parseConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(ConfigError)
    expect(() => parseConfig({ METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    )
  })
})
