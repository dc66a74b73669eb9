import { describe, expect, it } from 'vitest'
import { computeCompat, parseCompatTools } from './compat.js'
import type { RequestResult } from './types.js'

/**
 * Two successful requests and one failure, every clock reading chosen by hand (ms):
 *
 * ```
 * A  sent 0 │ role 10 │ content 20, 30, 50 │ finish 51 │ usage 52 │ [DONE], end 55   in 5, out 3
 * B  sent 100 │ role 105 │ content 125, 135 │ finish 136 │ usage 137 │ end 140       in 7, out 2
 * C  connect_refused
 * ```
 */
function request(o: {
  sent: number
  role: number
  content: number[]
  finish: number
  usage: number
  end: number
  inputTokens: number
  outputTokens: number
}): RequestResult {
  return {
    traceId: 't',
    spanId: 's',
    scheduledEpochMs: 0,
    status: 200,
    error: null,
    errorDetail: null,
    connectionReused: true,
    tls: null,
    protocolVersion: '1.1',
    marks: {
      scheduledAtMs: o.sent,
      sentAtMs: o.sent,
      dnsStartAtMs: null,
      dnsEndAtMs: null,
      connectStartAtMs: null,
      connectEndAtMs: null,
      tlsEndAtMs: null,
      requestWrittenAtMs: o.sent,
      headersAtMs: o.role,
      firstByteAtMs: o.role,
      firstEventAtMs: o.role,
      firstAnyTokenAtMs: o.content[0] ?? null,
      lastEventAtMs: o.usage,
      endAtMs: o.end,
    },
    contentArrivalsAtMs: o.content,
    choiceArrivalsAtMs: [o.role, ...o.content, o.finish],
    events: o.content.length + 4,
    usage: { inputTokens: o.inputTokens, outputTokens: o.outputTokens },
    retries: 0,
    text: '',
  }
}

const A = request({
  sent: 0,
  role: 10,
  content: [20, 30, 50],
  finish: 51,
  usage: 52,
  end: 55,
  inputTokens: 5,
  outputTokens: 3,
})
const B = request({
  sent: 100,
  role: 105,
  content: [125, 135],
  finish: 136,
  usage: 137,
  end: 140,
  inputTokens: 7,
  outputTokens: 2,
})
const C: RequestResult = { ...A, error: 'connect_refused', status: 0 }
const RESULTS = [A, B, C]

describe('--compat vllm (vllm bench serve)', () => {
  const out = computeCompat('vllm', RESULTS, { durationMs: 1000 }).output

  it('counts from the role-only chunk and ends at the last chunk with choices', () => {
    // TTFT A 10, B 5; E2EL A 51, B 36; TPOT A (51 − 10) / 2 = 20.5, B (36 − 5) / 1 = 31
    expect(out.mean_ttft_ms).toBe(7.5)
    expect(out.median_ttft_ms).toBe(7.5)
    expect(out.std_ttft_ms).toBe(2.5)
    expect(out.p99_ttft_ms).toBeCloseTo(5 + 0.99 * 5, 12)
    expect(out.mean_tpot_ms).toBe(25.75)
    expect(out.std_tpot_ms).toBe(5.25)
    expect(out.p99_tpot_ms).toBeCloseTo(20.5 + 0.99 * 10.5, 12)
    expect(out.mean_e2el_ms).toBe(43.5)
    expect(out.p99_e2el_ms).toBeCloseTo(36 + 0.99 * 15, 12)
  })

  it('pools every gap between chunks with choices into ITL', () => {
    // A: 10 10 20 1, B: 20 10 1 → sorted 1 1 10 10 10 20 20
    expect(out.mean_itl_ms).toBeCloseTo(72 / 7, 12)
    expect(out.median_itl_ms).toBe(10)
    expect(out.p99_itl_ms).toBe(20)
    // Σ(x − 72/7)² = (8450 + 12 + 9248) / 49, over n = 7
    expect(out.std_itl_ms).toBeCloseTo(Math.sqrt(17710 / 343), 12)
  })

  it('reports its run totals and throughputs over the benchmark duration', () => {
    expect(out).toMatchObject({
      duration: 1,
      completed: 2,
      failed: 1,
      total_input_tokens: 12,
      total_output_tokens: 5,
      request_throughput: 2,
      output_throughput: 5,
      total_token_throughput: 17,
    })
  })
})

describe('--compat guidellm', () => {
  const m = computeCompat('guidellm', RESULTS, { durationMs: 1000 }).output.metrics as Record<
    string,
    { successful: Record<string, unknown> & { percentiles: Record<string, number> } }
  >

  it('reports request latency in seconds up to the end of the response', () => {
    // A 55 ms, B 40 ms ([DONE] included)
    const d = m.request_latency?.successful
    expect(d?.max).toBe(0.055)
    expect(d?.mean).toBeCloseTo(0.0475, 12)
    // nearest rank: cumulative 0.5 is reached by the smaller value
    expect(d?.median).toBe(0.04)
  })

  it('names TTFT time_to_first_token_ms and takes percentiles without interpolation', () => {
    const d = m.time_to_first_token_ms?.successful
    expect(d?.mean).toBe(22.5)
    expect(d?.median).toBe(20)
    expect(d?.percentiles.p99).toBe(25)
    expect(d?.count).toBe(2)
  })

  it('weights TPOT by output tokens and ITL by output tokens − 1', () => {
    // TPOT A (50 − 0) / 3 weight 3, B (135 − 100) / 2 = 17.5 weight 2 → probabilities 0.6, 0.4
    const tpot = m.time_per_output_token_ms?.successful
    expect(tpot?.percentiles.p50).toBeCloseTo(50 / 3, 12)
    expect(tpot?.percentiles.p90).toBe(17.5)
    expect(tpot?.mean).toBeCloseTo(17, 12)
    expect(tpot?.count).toBe(5)
    // ITL A (50 − 20) / 2 = 15 weight 2, B (135 − 125) / 1 = 10 weight 1
    const itl = m.inter_token_latency_ms?.successful
    expect(itl?.percentiles.p25).toBe(10)
    expect(itl?.percentiles.p50).toBe(15)
    expect(itl?.mean).toBeCloseTo(40 / 3, 12)
    expect(itl?.count).toBe(3)
  })

  it('counts requests by status', () => {
    expect(computeCompat('guidellm', RESULTS, { durationMs: 1 }).output.metrics).toMatchObject({
      request_totals: { successful: 2, incomplete: 0, errored: 1, total: 3 },
    })
  })
})

describe('--compat aiperf', () => {
  const out = computeCompat('aiperf', RESULTS, { durationMs: 1000 }).output as Record<
    string,
    Record<string, number | string>
  >

  it('prints avg, min, max, std and p1…p99 per metric with its unit', () => {
    expect(out.time_to_first_token).toMatchObject({ unit: 'ms', avg: 22.5, min: 20, max: 25 })
    expect(out.time_to_first_token?.std).toBe(2.5)
    expect(out.time_to_first_token?.p99).toBeCloseTo(20 + 0.99 * 5, 12)
    expect(out.time_to_first_token).not.toHaveProperty('mean')
  })

  it('defines ITL per request from request latency, which includes the usage chunk', () => {
    // A (52 − 20) / 2 = 16, B (37 − 25) / 1 = 12
    expect(out.inter_token_latency).toMatchObject({ avg: 14, std: 2, min: 12, max: 16 })
    expect(out.request_latency).toMatchObject({ avg: 44.5, min: 37, max: 52 })
    expect(out.output_token_throughput_per_user?.avg).toBeCloseTo((1000 / 16 + 1000 / 12) / 2, 9)
  })

  it('has time to second token and inter-chunk latency', () => {
    expect(out.time_to_second_token).toMatchObject({ avg: 10, min: 10, max: 10 })
    // gaps A 10 20, B 10
    expect(out.inter_chunk_latency?.avg).toBeCloseTo(40 / 3, 12)
    expect(out.inter_chunk_latency?.p50).toBe(10)
  })

  it('reports throughput over first send → last response', () => {
    // 0 → 137 ms
    expect(out.benchmark_duration?.avg).toBeCloseTo(0.137, 12)
    expect(out.request_throughput?.avg).toBeCloseTo(2 / 0.137, 9)
    expect(out.output_token_throughput?.avg).toBeCloseTo(5 / 0.137, 9)
    expect(out.error_request_count?.avg).toBe(1)
  })
})

describe('parseCompatTools', () => {
  it('reads several tools at once and rejects unknown names', () => {
    expect(parseCompatTools('vllm,guidellm,aiperf')).toEqual(['vllm', 'guidellm', 'aiperf'])
    expect(parseCompatTools(' AIPerf , vllm,vllm')).toEqual(['aiperf', 'vllm'])
    expect(parseCompatTools('vllm,locust')).toBeNull()
    expect(parseCompatTools('')).toBeNull()
  })
})
