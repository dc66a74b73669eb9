import { describe, expect, it } from 'vitest'
import { makeRequest } from './testing/builders.js'
import { estimateTpot, type RequestTimeline } from './request.js'
import { asMicros } from './units.js'

const gatewayOnly = {
  traceId: 'a',
  hasGateway: true,
  ttftSource: 'gateway',
  ttftUs: asMicros(200_000),
  e2eUs: asMicros(1_470_000),
  outputTokens: 128,
} as const

describe('estimateTpot', () => {
  it.each<[string, Parameters<typeof makeRequest>[0], number | null]>([
    ['gateway TTFT and E2E: (1470 − 200) ms / 127', gatewayOnly, 10_000],
    ['a measured TPOT is never replaced', { ...gatewayOnly, tpotUs: asMicros(9000) }, null],
    ['no output tokens', { ...gatewayOnly, outputTokens: null }, null],
    ['one output token has no gap', { ...gatewayOnly, outputTokens: 1 }, null],
    ['no TTFT', { ...gatewayOnly, ttftUs: null }, null],
    ['no E2E', { ...gatewayOnly, e2eUs: null }, null],
    // The client's E2E minus the gateway's TTFT would charge the network to every token.
    ['TTFT from the gateway, E2E from a client', { ...gatewayOnly, hasClient: true }, null],
    ['client TTFT and E2E', { ...gatewayOnly, hasClient: true, ttftSource: 'client' }, 10_000],
    ['engine TTFT with a gateway above', { ...gatewayOnly, ttftSource: 'engine' }, null],
    ['E2E shorter than TTFT (inconsistent data)', { ...gatewayOnly, e2eUs: asMicros(1) }, null],
  ])('%s', (_name, overrides, expected) => {
    const r: RequestTimeline = makeRequest(overrides)
    expect(estimateTpot(r)).toBe(expected)
  })
})
