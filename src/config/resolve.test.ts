import { describe, expect, it } from 'vitest'
import { ConfigError } from '../core/errors.js'
import { resolveConfig } from './resolve.js'

describe('resolveConfig', () => {
  it('uses defaults when nothing is given', () => {
    const { config, warnings } = resolveConfig({})
    expect(config.server).toEqual({ host: '127.0.0.1', apiPort: 4320, otlpPort: 4318 })
    expect(config.ingest.maxBodyBytes).toBe(16 * 1024 * 1024)
    expect(warnings).toEqual([])
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('parses the slo, alerts and retention sections once, into typed settings', () => {
    const { config } = resolveConfig({
      file: {
        slo: { tiers: [{ name: 'gold', objectives: ['ttft p99 < 800ms'] }] },
        alerts: { rules: [{ name: 'fast-burn', tier: 'gold', objective: 'ttft_p99' }] },
        retention: { spans: '7d' },
      },
    })
    expect(config.slo.tiers[0]?.objectives[0]).toMatchObject({
      kind: 'latency',
      measure: 'ttft',
      percentile: 99,
      thresholdUs: 800_000,
    })
    expect(config.slo.rules.map((r) => r.name)).toEqual(['fast-burn'])
    expect(config.slo.retention.spans).toBe(7 * 86_400_000_000)
    expect(resolveConfig({}).config.slo.tiers).toEqual([])
    expect(() =>
      resolveConfig({ file: { slo: { tiers: [{ name: 'x', objectives: ['fast'] }] } } })
    ).toThrow(ConfigError)
  })

  it('applies flags over env over file over defaults, field by field', () => {
    const { config } = resolveConfig({
      flags: { server: { apiPort: 9000 } },
      env: { TOKENLINE_SERVER_API_PORT: '8000', TOKENLINE_SERVER_OTLP_PORT: '8001' },
      file: { server: { apiPort: 7000, otlpPort: 7001, host: '0.0.0.0' } },
    })
    expect(config.server).toEqual({ apiPort: 9000, otlpPort: 8001, host: '0.0.0.0' })
  })

  it('lets a specific variable win over a generic one', () => {
    const { config } = resolveConfig({
      env: { TOKENLINE_PORT: '1111', TOKENLINE_SERVER_API_PORT: '2222', TOKENLINE_DB: 'a.duckdb' },
    })
    expect(config.server.apiPort).toBe(2222)
    expect(config.store.path).toBe('a.duckdb')
  })

  it('warns about an invalid environment value and keeps going', () => {
    const { config, warnings } = resolveConfig({ env: { TOKENLINE_INGEST_MAX_BODY_BYTES: 'lots' } })
    expect(config.ingest.maxBodyBytes).toBe(16 * 1024 * 1024)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('TOKENLINE_INGEST_MAX_BODY_BYTES')
  })

  it('parses lists and booleans from the environment', () => {
    const { config } = resolveConfig({
      env: {
        TOKENLINE_SCRAPE_TARGETS: 'http://127.0.0.1:8000/metrics, http://127.0.0.1:8001/metrics',
        TOKENLINE_INGEST_KEEP_CONTENT: 'true',
      },
    })
    expect(config.scrape.targets).toEqual([
      'http://127.0.0.1:8000/metrics',
      'http://127.0.0.1:8001/metrics',
    ])
    expect(config.ingest.keepContent).toBe(true)
  })

  it.each([
    [{ server: { apiPort: -5 } }, 'server.apiPort'],
    [{ ingest: { maxBodyBytes: 0 } }, 'ingest.maxBodyBytes'],
    [{ server: { nope: 1 } }, 'server'],
    [{ unknownSection: {} }, 'unknownSection'],
  ])('rejects an invalid file value %j', (file, path) => {
    expect(() => resolveConfig({ file, fileName: 'tokenline.yaml' })).toThrow(ConfigError)
    expect(() => resolveConfig({ file, fileName: 'tokenline.yaml' })).toThrow(path)
  })
})
