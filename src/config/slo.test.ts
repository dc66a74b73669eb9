import { describe, expect, it } from 'vitest'
import { ConfigError } from '../core/errors.js'
import { DEFAULT_BURN_WINDOWS } from '../core/slo/types.js'
import { parseSloSettings } from './slo.js'

const tiers = {
  tiers: [
    {
      name: 'interactive',
      match: { route: '/v1/chat/completions', tenant: ['a', 'b'] },
      objectives: [
        'ttft p99 < 800ms',
        { measure: 'tpot', percentile: 95, thresholdMs: 60 },
        { errorRate: 0.01 },
      ],
    },
    { name: 'batch', objectives: [{ measure: 'e2e', percentile: 99, thresholdMs: 120000 }] },
  ],
}

describe('parseSloSettings', () => {
  it('accepts the compact and object objective forms and resolves defaults', () => {
    const s = parseSloSettings({
      slo: tiers,
      alerts: {
        rules: [
          { name: 'fast-burn', tier: 'interactive', objective: 'ttft p99', burnRate: true },
          { name: 'tpot', tier: 'interactive', objective: 'tpot_p95', window: '10m', for: '3m' },
          { name: 'errors', tier: 'interactive', objective: 'errors' },
          {
            name: 'raw',
            percentile: {
              measure: 'ttft',
              q: 0.999,
              filters: { model: 'llama' },
              thresholdMs: 2000,
            },
          },
        ],
      },
    })
    expect(s.tiers[0]?.match).toEqual({ route: ['/v1/chat/completions'], tenant: ['a', 'b'] })
    expect(s.tiers[0]?.objectives.map((o) => o.id)).toEqual(['ttft_p99', 'tpot_p95', 'error_rate'])
    expect(s.tiers[1]?.match).toEqual({})
    expect(s.rules[0]).toMatchObject({
      kind: 'burn_rate',
      objective: 'ttft_p99',
      windows: DEFAULT_BURN_WINDOWS,
      forUs: 120_000_000,
    })
    expect(s.rules[1]).toMatchObject({
      kind: 'objective',
      windowUs: 600_000_000,
      forUs: 180_000_000,
      hysteresis: 0.1,
    })
    expect(s.rules[2]).toMatchObject({ kind: 'objective', objective: 'error_rate' })
    expect(s.rules[3]).toMatchObject({
      kind: 'percentile',
      quantile: 0.999,
      thresholdUs: 2_000_000,
      filters: { model: ['llama'] },
    })
    // Retention keeps everything unless configured.
    expect(s.retention).toMatchObject({ spans: null, requests: null, samples: null })
  })

  it.each([
    [
      { slo: { tiers: [{ name: 'x', objectives: ['ttft p99 < soon'] }] } },
      /slo\.tiers\.0\.objectives\.0.*soon/,
    ],
    [
      {
        slo: { tiers: [{ name: 'x', match: { priority: 'high' }, objectives: ['ttft p99 < 1s'] }] },
      },
      /slo\.tiers\.0\.match/,
    ],
    [
      { slo: tiers, alerts: { rules: [{ name: 'r', tier: 'nope', objective: 'ttft_p99' }] } },
      /expected one of the tiers \(interactive, batch\), got "nope"/,
    ],
    [
      { slo: tiers, alerts: { rules: [{ name: 'r', tier: 'batch', objective: 'ttft_p99' }] } },
      /batch's objectives \(e2e_p99\)/,
    ],
    [
      {
        slo: tiers,
        alerts: { rules: [{ name: 'r', tier: 'batch', objective: 'e2e_p99', for: 'soon' }] },
      },
      /alerts\.rules\.0\.for/,
    ],
    [{ retention: { spans: '7 days' } }, /retention\.spans/],
    [
      { alerts: { notify: { webhooks: [{ url: 'not a url' }] } } },
      /alerts\.notify\.webhooks\.0\.url/,
    ],
  ])('rejects %j', (input, message) => {
    expect(() => parseSloSettings(input)).toThrow(ConfigError)
    expect(() => parseSloSettings(input)).toThrow(message)
  })
})
