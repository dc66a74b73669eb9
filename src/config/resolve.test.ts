import { describe, expect, it } from 'vitest'
import { ConfigError } from '../core/errors.js'
import { resolveConfig } from './resolve.js'
import { defaultDuckDbThreads } from './defaults.js'

describe('resolveConfig', () => {
  it('uses defaults when nothing is given', () => {
    const { config, warnings } = resolveConfig({})
    expect(config.server).toMatchObject({
      host: '127.0.0.1',
      apiPort: 4320,
      otlpPort: 4318,
      otlpGrpcPort: 4317,
    })
    expect(config.server.authTokenFile).toBeNull()
    expect(config.api.maxWindowMs).toBe(90 * 86_400_000)
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
    expect(config.server).toMatchObject({ apiPort: 9000, otlpPort: 8001, host: '0.0.0.0' })
  })

  it('takes the OTLP/gRPC port from the environment, -1 turning it off', () => {
    expect(
      resolveConfig({ env: { TOKENLINE_OTLP_GRPC_PORT: '-1' } }).config.server.otlpGrpcPort
    ).toBe(-1)
    expect(
      resolveConfig({
        env: { TOKENLINE_SERVER_OTLP_GRPC_PORT: '0', TOKENLINE_OTLP_GRPC_PORT: '9' },
      }).config.server.otlpGrpcPort
    ).toBe(0)
    const { warnings } = resolveConfig({ env: { TOKENLINE_OTLP_GRPC_PORT: '-2' } })
    expect(warnings[0]).toContain('TOKENLINE_OTLP_GRPC_PORT')
    expect(() => resolveConfig({ file: { server: { otlpGrpcPort: 70000 } } })).toThrow(ConfigError)
  })

  it('reads the security and API keys from the environment', () => {
    const { config, warnings } = resolveConfig({
      env: {
        TOKENLINE_AUTH_TOKEN_FILE: '/etc/tokenline/tokens',
        TOKENLINE_SERVER_ALLOWED_HOSTS: 'tokenline.internal, 10.0.0.5',
        TOKENLINE_SERVER_MAX_CONNECTIONS_PER_IP: '32',
        TOKENLINE_API_MAX_WINDOW_MS: '86400000',
      },
    })
    expect(warnings).toEqual([])
    expect(config.server.authTokenFile).toBe('/etc/tokenline/tokens')
    expect(config.server.allowedHosts).toEqual(['tokenline.internal', '10.0.0.5'])
    expect(config.server.maxConnectionsPerIp).toBe(32)
    expect(config.api.maxWindowMs).toBe(86_400_000)
  })

  it('reads the security keys from the config file', () => {
    const { config } = resolveConfig({
      file: {
        server: { authTokenFile: 'tokens', tlsCert: 'c.pem', tlsKey: 'k.pem', allowedHosts: ['a'] },
        api: { maxRows: 50 },
      },
    })
    expect(config.server).toMatchObject({
      authTokenFile: 'tokens',
      tlsCert: 'c.pem',
      tlsKey: 'k.pem',
      allowedHosts: ['a'],
    })
    expect(config.api.maxRows).toBe(50)
    expect(() => resolveConfig({ file: { api: { maxRows: 0 } } })).toThrow('api.maxRows')
  })

  it("sets the DuckDB store's worker threads: one by default on two cores, 0 for DuckDB's own choice", () => {
    expect(defaultDuckDbThreads(1)).toBe(1)
    expect(defaultDuckDbThreads(2)).toBe(1)
    expect(defaultDuckDbThreads(16)).toBe(0)
    expect(resolveConfig({}).config.store.duckDbThreads).toBe(defaultDuckDbThreads())
    expect(
      resolveConfig({ env: { TOKENLINE_STORE_DUCKDB_THREADS: '0' } }).config.store.duckDbThreads
    ).toBe(0)
    expect(
      resolveConfig({ file: { store: { duckDbThreads: 4 } } }).config.store.duckDbThreads
    ).toBe(4)
    expect(() => resolveConfig({ file: { store: { duckDbThreads: -1 } } })).toThrow(ConfigError)
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

  it('takes named scrape targets as text (env, file) or objects (file)', () => {
    const { config } = resolveConfig({
      env: { TOKENLINE_SCRAPE_TARGETS: 'vllm-0=http://10.0.0.5:8000/metrics node=gpu-3,dcgm:9400' },
    })
    expect(config.scrape.targets).toEqual([
      'vllm-0=http://10.0.0.5:8000/metrics node=gpu-3',
      'dcgm:9400',
    ])
    const file = {
      scrape: {
        targets: [
          'vllm-0=http://10.0.0.5:8000/metrics',
          { url: 'http://10.0.0.6:8000/metrics', replica: 'vllm-1', labels: { node: 'gpu-6' } },
        ],
      },
    }
    expect(resolveConfig({ file }).config.scrape.targets).toEqual(file.scrape.targets)
    expect(() =>
      resolveConfig({ file: { scrape: { targets: [{ url: 'x', pod: 'vllm-1' }] } } })
    ).toThrow('scrape.targets.0')
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
