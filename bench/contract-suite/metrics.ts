/**
 * The replicas' state at each scrape (CONTRACT §2 families, vLLM/SGLang/DCGM/HAProxy names)
 * and its files: OpenMetrics backfill (seconds, `# EOF`), Prometheus text with millisecond
 * timestamps, or OTLP metrics JSON (cumulative sums, explicit-bound histograms).
 */
import type { Rng } from './rng.js'
import type { Scenario } from './scenario.js'
import type { Req } from './world.js'

interface Point {
  labels: Record<string, string>
  t: number
  value: number
}
interface HistPoint {
  labels: Record<string, string>
  t: number
  /** Per-bucket (non-cumulative) counts, the last one for +Inf. */
  counts: number[]
  sum: number
}
interface Family {
  name: string
  type: 'gauge' | 'counter'
  points: Point[]
}

const TTFT_BOUNDS = [0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24]

const inWindow = (s: Scenario, t: number): boolean =>
  s.fault !== null && t >= s.fault.startS && t < s.fault.endS

export function sampleMetrics(
  s: Scenario,
  reqs: Req[],
  rng: Rng
): { families: Family[]; ttft: HistPoint[] } {
  const fam = (name: string, type: 'gauge' | 'counter'): Family => ({ name, type, points: [] })
  const sg = s.sglang
  const running = fam(sg ? 'sglang:num_running_reqs' : 'vllm:num_requests_running', 'gauge')
  const waiting = fam(sg ? 'sglang:num_queue_reqs' : 'vllm:num_requests_waiting', 'gauge')
  const kv = fam(sg ? 'sglang:token_usage' : 'vllm:kv_cache_usage_perc', 'gauge')
  const preempt = fam(sg ? 'sglang:num_retracted_reqs' : 'vllm:num_preemptions_total', 'counter')
  const queries = fam('vllm:prefix_cache_queries_total', 'counter')
  const hits = fam('vllm:prefix_cache_hits_total', 'counter')
  const prompt = fam('vllm:prompt_tokens_total', 'counter')
  const gen = fam('vllm:generation_tokens_total', 'counter')
  const util = fam('DCGM_FI_DEV_GPU_UTIL', 'gauge')
  const dram = fam('DCGM_FI_PROF_DRAM_ACTIVE', 'gauge')
  const sessions = fam('haproxy_frontend_current_sessions', 'gauge')
  const limit = fam('haproxy_frontend_limit_sessions', 'gauge')
  const ttft: HistPoint[] = []
  const kvCapacity = s.slots * (s.inputMedian + s.outputMedian) * 2.5
  const byReplica = new Map<string, Req[]>()
  for (const r of reqs) {
    const list = byReplica.get(r.replica.name) ?? []
    list.push(r)
    byReplica.set(r.replica.name, list)
  }
  const phase = rng.uniform(0, s.scrapeS)
  for (let t = phase; t < s.durationS; t += s.scrapeS) {
    for (const rep of s.replicas) {
      if (rep.joinS > t) {
        continue
      }
      const labels = {
        model_name: s.model,
        pod: rep.name,
        instance: `${rep.name}:8000`,
        job: 'vllm',
      }
      let run = 0
      let wait = 0
      let kvTokens = 0
      let pre = 0
      let q = 0
      let h = 0
      let inTok = 0
      let outTok = 0
      const counts = new Array<number>(TTFT_BOUNDS.length + 1).fill(0)
      let sum = 0
      for (const r of byReplica.get(rep.name) ?? []) {
        if (r.engineArriveS <= t && t < r.slotStartS) {
          wait++
        }
        if (r.slotStartS <= t && t < r.engineEndS) {
          run++
          const done = r.decodeS > 0 ? (t - r.slotStartS) / (r.engineEndS - r.slotStartS) : 0
          kvTokens += r.inputTokens + r.outputTokens * Math.max(0, done)
        }
        if (r.slotStartS <= t) {
          if (r.preempted) {
            pre++
          }
          q += r.inputTokens
          h += r.cachedTokens
          inTok += r.inputTokens
        }
        if (r.engineEndS <= t) {
          outTok += r.outputTokens
          const v = r.slotStartS + r.frontendS + r.prefillS - r.engineArriveS
          let b = TTFT_BOUNDS.findIndex((le) => v <= le)
          if (b < 0) {
            b = TTFT_BOUNDS.length
          }
          counts[b] = (counts[b] as number) + 1
          sum += v
        }
      }
      let usage = Math.min(0.99, kvTokens / kvCapacity)
      if (s.kind === 'engine.kv_cache_pressure' && inWindow(s, t)) {
        usage = rng.uniform(0.93, 0.995)
      }
      running.points.push({ labels, t, value: run })
      waiting.points.push({ labels, t, value: wait })
      kv.points.push({ labels, t, value: Number(usage.toFixed(4)) })
      preempt.points.push({ labels, t, value: pre })
      if (!sg) {
        queries.points.push({ labels, t, value: q })
        hits.points.push({ labels, t, value: h })
        ttft.push({ labels, t, counts, sum })
      }
      prompt.points.push({ labels, t, value: inTok })
      gen.points.push({ labels, t, value: outTok })
      const gpuLabels = {
        gpu: '0',
        UUID: `GPU-${rep.name}`,
        Hostname: rep.node,
        modelName: 'NVIDIA A100-SXM4-80GB',
        pod: rep.name,
      }
      const busy = run / s.slots
      util.points.push({
        labels: gpuLabels,
        t,
        value: Math.round(Math.min(100, 8 + 90 * busy + rng.uniform(-3, 3))),
      })
      let d = Math.min(1, 0.1 + 0.55 * busy + rng.uniform(-0.02, 0.02))
      if (s.kind === 'engine.memory_bandwidth' && inWindow(s, t)) {
        d = rng.uniform(0.9, 0.98)
      }
      dram.points.push({ labels: gpuLabels, t, value: Number(d.toFixed(3)) })
    }
    if (s.signals.client) {
      const open = reqs.filter((r) => r.clientStartS <= t && t < r.clientEndS).length
      // A limit no healthy or engine-side overload reaches: only the connection-limit fault
      // holds the frontend at it.
      const max = Math.max(1024, Math.ceil(s.baseRatePerS * 400))
      const lim = { proxy: 'llm-frontend' }
      const atLimit = s.kind === 'gateway.connection_limit' && inWindow(s, t)
      sessions.points.push({ labels: lim, t, value: atLimit ? max : Math.min(max, open) })
      limit.points.push({ labels: lim, t, value: max })
    }
  }
  const families = [running, waiting, kv, preempt, prompt, gen, util, dram, sessions, limit]
  if (!sg) {
    families.push(queries, hits)
  }
  return { families: families.filter((f) => f.points.length > 0), ttft }
}

const labelText = (labels: Record<string, string>): string =>
  Object.entries(labels)
    .map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)
    .join(',')

/** Prometheus text: OpenMetrics with seconds and `# EOF`, or 0.0.4 with milliseconds. */
function toText(s: Scenario, m: ReturnType<typeof sampleMetrics>, openMetrics: boolean): string {
  const out: string[] = []
  const ts = (t: number): string =>
    openMetrics ? (s.epochS + t).toFixed(3) : String(Math.round((s.epochS + t) * 1000))
  for (const f of m.families) {
    const family = openMetrics && f.type === 'counter' ? f.name.replace(/_total$/, '') : f.name
    out.push(`# HELP ${family} ${f.name} as exported.`)
    out.push(`# TYPE ${family} ${f.type}`)
    const byLabels = [...f.points].sort(
      (a, b) => labelText(a.labels).localeCompare(labelText(b.labels)) || a.t - b.t
    )
    for (const p of byLabels) {
      out.push(`${f.name}{${labelText(p.labels)}} ${p.value} ${ts(p.t)}`)
    }
  }
  if (m.ttft.length > 0) {
    const name = 'vllm:time_to_first_token_seconds'
    out.push(
      `# HELP ${name} Histogram of time to first token in seconds.`,
      `# TYPE ${name} histogram`
    )
    const sorted = [...m.ttft].sort(
      (a, b) => labelText(a.labels).localeCompare(labelText(b.labels)) || a.t - b.t
    )
    for (const p of sorted) {
      let cum = 0
      const l = labelText(p.labels)
      TTFT_BOUNDS.forEach((le, i) => {
        cum += p.counts[i] as number
        out.push(`${name}_bucket{${l},le="${le}"} ${cum} ${ts(p.t)}`)
      })
      cum += p.counts[TTFT_BOUNDS.length] as number
      out.push(`${name}_bucket{${l},le="+Inf"} ${cum} ${ts(p.t)}`)
      out.push(`${name}_sum{${l}} ${p.sum.toFixed(6)} ${ts(p.t)}`)
      out.push(`${name}_count{${l}} ${cum} ${ts(p.t)}`)
    }
  }
  if (openMetrics) {
    out.push('# EOF')
  }
  return `${out.join('\n')}\n`
}

/** OTLP metrics JSON: one request per scrape, as a collector exporting each scrape would. */
function toOtlpJson(s: Scenario, m: ReturnType<typeof sampleMetrics>): string {
  const times = [...new Set(m.families.flatMap((f) => f.points.map((p) => p.t)))].sort(
    (a, b) => a - b
  )
  const nanos = (t: number): string => (BigInt(Math.round((s.epochS + t) * 1e6)) * 1000n).toString()
  const start = nanos(0)
  const attrs = (labels: Record<string, string>): object[] =>
    Object.entries(labels).map(([key, v]) => ({ key, value: { stringValue: v } }))
  const lines: string[] = []
  for (const t of times) {
    const metrics: object[] = []
    for (const f of m.families) {
      const dataPoints = f.points
        .filter((p) => p.t === t)
        .map((p) => ({
          attributes: attrs(p.labels),
          startTimeUnixNano: start,
          timeUnixNano: nanos(t),
          asDouble: p.value,
        }))
      if (dataPoints.length === 0) {
        continue
      }
      metrics.push(
        f.type === 'gauge'
          ? { name: f.name, gauge: { dataPoints } }
          : { name: f.name, sum: { dataPoints, aggregationTemporality: 2, isMonotonic: true } }
      )
    }
    const hist = m.ttft.filter((p) => p.t === t)
    if (hist.length > 0) {
      metrics.push({
        name: 'vllm:time_to_first_token_seconds',
        unit: 's',
        histogram: {
          aggregationTemporality: 2,
          dataPoints: hist.map((p) => ({
            attributes: attrs(p.labels),
            startTimeUnixNano: start,
            timeUnixNano: nanos(t),
            count: String(p.counts.reduce((a, b) => a + b, 0)),
            sum: p.sum,
            bucketCounts: p.counts.map(String),
            explicitBounds: TTFT_BOUNDS,
          })),
        },
      })
    }
    lines.push(
      JSON.stringify({
        resourceMetrics: [
          {
            resource: {
              attributes: [{ key: 'service.name', value: { stringValue: 'prometheus-scrape' } }],
            },
            scopeMetrics: [{ scope: { name: 'otelcol/prometheusreceiver' }, metrics }],
          },
        ],
      })
    )
  }
  return `${lines.join('\n')}\n`
}

export function writeMetrics(s: Scenario, reqs: Req[], rng: Rng): Map<string, string> {
  const m = sampleMetrics(s, reqs, rng)
  if (s.metricFormat === 'otlp-json') {
    return new Map([['metrics.otlp.jsonl', toOtlpJson(s, m)]])
  }
  if (s.metricFormat === 'om') {
    return new Map([['metrics.om', toText(s, m, true)]])
  }
  return new Map([['metrics.prom', toText(s, m, false)]])
}
