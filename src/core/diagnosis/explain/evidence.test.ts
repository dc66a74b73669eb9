import { describe, expect, it } from 'vitest'
import { describeColumnValue } from '../frame/columns.js'
import { changeEvidence, impactEvidence, rowEvidence, stageEvidence } from './evidence.js'
import { makeChange, makeRow, makeStageStat } from '../testing/evidence-inputs.js'

// Evidence text is read by the person on call: plain words, units, and what a figure is
// compared with. The structured fields keep the figures as they were.
describe('evidence wording', () => {
  it('a stage names the slow requests by their measure and the others as the baseline', () => {
    const e = stageEvidence(makeStageStat(), 'TTFT')
    expect(e).toMatchObject({ stage: 'gateway.queue', observed: 836, baseline: 10 })
    expect(e.text).toMatchInlineSnapshot(
      `"gateway.queue takes 836 ms on average in the requests with the slowest TTFT vs 10 ms in the others: 98% of their extra time"`
    )
  })

  it('a change over time says which step, when, and the level it rose from', () => {
    const e = changeEvidence(makeChange(), 'ttft')!
    expect(e).toMatchObject({ metric: 'ttft.p99', observed: 617, baseline: 319 })
    expect(e.text).toMatchInlineSnapshot(
      `"TTFT P99 of each minute averaged 617 ms from 2025-06-02T10:10:00.000Z to 2025-06-02T10:20:00.000Z, up from 319 ms in the calmest part of the window"`
    )
    expect(changeEvidence(makeChange(4000, 9000, 20_000_000), 'engine.queue', 'p90')!.text).toMatch(
      /^engine\.queue P90 of each 20-second step averaged 9\.0 ms from .* up from 4\.0 ms/
    )
  })

  it('a concentration row is put in words, with p below 0.001 as "p<0.001"', () => {
    const e = rowEvidence(makeRow(), 'TPOT')
    expect(e).toMatchObject({ dimension: 'replica_age', observed: 0.99, baseline: 0.01 })
    expect(e.text).toMatchInlineSnapshot(
      `"requests to a new replica under 5 minutes after its first request make up 99% of the requests with the slowest TPOT vs 1% of the others (99.0× over-represented, p<0.001)"`
    )
    expect(rowEvidence(makeRow({ pValue: 0.0123 }), 'stalled-stream').text).toMatch(
      /of the stalled-stream requests vs 1% of the others \(99\.0× over-represented, p=0\.012\)$/
    )
  })

  it('a tail impact names a dimension value in words and the measure in capitals', () => {
    const e = impactEvidence('replica=r3', 'ttft', 2.387)
    expect(e).toMatchObject({ metric: 'ttft.p99_impact', observed: 2.387, baseline: 1 })
    expect(e.text).toBe('without the requests on replica r3, TTFT P99 would be 2.39× lower')
    expect(impactEvidence('the downstream time above its median', 'tpot', 1.5).text).toBe(
      'without the downstream time above its median, TPOT P99 would be 1.50× lower'
    )
  })
})

describe('describeColumnValue', () => {
  it.each([
    ['replica_age', '<5m', 'requests to a new replica under 5 minutes after its first request'],
    ['replica_age', '5-15m', 'requests to a new replica 5 to 15 minutes after its first request'],
    ['replica_age', 'established', 'requests to replicas already serving when the window began'],
    ['prompt_length', '>=32k tokens', 'requests with prompts of 32k or more tokens'],
    ['prompt_length', '2k-8k tokens', 'requests with prompts of 2k to 8k tokens'],
    ['output_length', '<64 tokens', 'requests with outputs of under 64 tokens'],
    ['connection_reused', 'false', 'requests that opened a new connection'],
    ['tls_resumed', 'false', 'requests with a full TLS handshake (no session resumption)'],
    ['version', 'v0.9.2', 'requests served by version v0.9.2'],
    ['status', '503', 'requests answered with status 503'],
    ['something_new', 'x', 'requests with something_new=x'],
  ])('%s=%s → %s', (dimension, value, words) => {
    expect(describeColumnValue(dimension, value)).toBe(words)
  })
})
