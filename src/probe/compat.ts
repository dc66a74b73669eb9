import { computeMeasures } from './measures.js'
import { mean, percentile, roundMs, sortedCopy } from './stats.js'
import type { RequestResult } from './types.js'

/** Tools whose metric definitions the probe can reproduce. Sources in docs/probe.md. */
export const COMPAT_TOOLS = ['vllm', 'guidellm', 'aiperf', 'genai-perf'] as const
export type CompatTool = (typeof COMPAT_TOOLS)[number]

export interface CompatDistribution {
  mean: number | null
  p50: number | null
  p90: number | null
  p99: number | null
}

export interface CompatReport {
  tool: CompatTool
  metrics: Record<string, CompatDistribution>
  notes: string[]
}

function dist(values: number[]): CompatDistribution {
  const s = sortedCopy(values)
  const r = (v: number | null): number | null => (v === null ? null : roundMs(v))
  return {
    mean: r(mean(s)),
    p50: r(percentile(s, 50)),
    p90: r(percentile(s, 90)),
    p99: r(percentile(s, 99)),
  }
}

/**
 * Recomputes TTFT/TPOT/ITL the way `tool` defines them, from the same measured requests.
 * These tools start their clock at the actual send (not the schedule) and take the first
 * token of any kind (content or reasoning), so the probe's own figures can differ.
 */
export function computeCompat(tool: CompatTool, results: readonly RequestResult[]): CompatReport {
  const ttft: number[] = []
  const tpot: number[] = []
  const itl: number[] = []
  const e2e: number[] = []
  const chunkGaps: number[] = []
  for (const res of results) {
    if (res.error !== null) {
      continue
    }
    const x = computeMeasures(res)
    const sent = res.marks.sentAtMs
    const firstAny = res.marks.firstAnyTokenAtMs
    const arrivals = res.contentArrivalsAtMs
    const last = arrivals[arrivals.length - 1]
    const first = arrivals[0]
    if (firstAny === null || last === undefined || first === undefined) {
      continue
    }
    const n = res.usage.outputTokens ?? arrivals.length
    const ttftMs = firstAny - sent
    const latencyMs = last - sent
    ttft.push(ttftMs)
    e2e.push(latencyMs)
    switch (tool) {
      case 'vllm':
        if (n > 1) {
          tpot.push((latencyMs - ttftMs) / (n - 1))
        }
        itl.push(...x.itlGapsMs)
        break
      case 'guidellm':
        if (n > 0) {
          tpot.push(latencyMs / n)
        }
        if (n > 1) {
          itl.push((last - first) / (n - 1))
        }
        break
      case 'aiperf':
      case 'genai-perf':
        if (n > 1) {
          itl.push((latencyMs - ttftMs) / (n - 1))
        }
        chunkGaps.push(...x.itlGapsMs)
        break
    }
  }
  switch (tool) {
    case 'vllm':
      return {
        tool,
        metrics: { ttft: dist(ttft), tpot: dist(tpot), itl: dist(itl), e2el: dist(e2e) },
        notes: [
          'TTFT: actual send → first chunk with content or reasoning text',
          'TPOT: (latency − TTFT) / (output tokens − 1), per request, excludes the first token',
          'ITL: every gap between content chunks, pooled over all requests',
          'E2EL: actual send → last content chunk',
        ],
      }
    case 'guidellm':
      return {
        tool,
        metrics: { ttft: dist(ttft), tpot: dist(tpot), itl: dist(itl), request_latency: dist(e2e) },
        notes: [
          'TTFT: request start → first token iteration',
          "TPOT: (last token − request start) / output tokens — includes the first token, so it is larger than vLLM's TPOT",
          'ITL: (last token − first token) / (output tokens − 1), one mean per request',
        ],
      }
    default:
      return {
        tool,
        metrics: {
          time_to_first_token: dist(ttft),
          inter_token_latency: dist(itl),
          inter_chunk_latency: dist(chunkGaps),
          request_latency: dist(e2e),
        },
        notes: [
          'TTFT: request start → first non-empty response (content or reasoning)',
          'ITL: (request latency − TTFT) / (output sequence length − 1), one mean per request (this is what vLLM calls TPOT)',
          'inter-chunk latency: gaps between streamed chunks, pooled',
          `${tool} counts output tokens with its tokenizer; the probe uses the server's usage`,
        ],
      }
  }
}
