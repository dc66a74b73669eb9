/**
 * Second half of the independent fault generator (fault-gen.ts): the queue model per replica and
 * minute, then the network, gateway, downstream and stream layers, TTFT at the outermost layer
 * present, and the metric series and change events.
 */
import type { ChangeEvent } from '../../model/event.js'
import type { RequestTimeline } from '../../model/request.js'
import { asMicros, type Micros } from '../../model/units.js'
import type { ResourceSeries } from '../frame/input.js'
import type { FaultSpec, GenSpec } from './fault-gen-spec.js'

export interface GenDraft {
  r: RequestTimeline
  minute: number
  replicaIdx: number
  rttMs: number
}

export interface FinishCtx {
  fromUs: Micros
  minutes: number
  client: boolean
  gateway: boolean
  rnd: () => number
  fault: (c: FaultSpec['cause'], minute: number) => number
}

const BASE_RHO = 0.45

function capacityOf(spec: GenSpec, work: Float64Array, minutes: number): number {
  const quiet: number[] = []
  const all: number[] = []
  for (let m = 0; m < minutes; m++) {
    const faulty = spec.faults.some((f) => m >= minutes * (1 - f.windowShare))
    for (let k = 0; k < 8; k++) {
      const w = work[m * 9 + k] as number
      all.push(w)
      if (!faulty) {
        quiet.push(w)
      }
    }
  }
  const list = (quiet.length >= 16 ? quiet : all).sort((a, b) => a - b)
  return (list[Math.floor(list.length / 2)] ?? 1) / BASE_RHO
}

/** Median of a per-minute series over the minutes no fault covers (all minutes when too few). */
function quietMedian(spec: GenSpec, perMinute: Float64Array, minutes: number): number {
  const quiet: number[] = []
  for (let m = 0; m < minutes; m++) {
    if (!spec.faults.some((f) => m >= minutes * (1 - f.windowShare))) {
      quiet.push(perMinute[m] as number)
    }
  }
  const list = (quiet.length >= 4 ? quiet : Array.from(perMinute)).sort((a, b) => a - b)
  return list[Math.floor(list.length / 2)] ?? 1
}

function u(v: number): Micros {
  return asMicros(Math.max(0, Math.round(v)))
}

/** Fills in queue, network, gateway, stream and TTFT; builds metrics and events. */
export function finish(
  spec: GenSpec,
  drafts: GenDraft[],
  work: Float64Array,
  c: FinishCtx
): { requests: RequestTimeline[]; resources: ResourceSeries[]; events: ChangeEvent[] } {
  const capacity = capacityOf(spec, work, c.minutes)
  const counts = new Float64Array(c.minutes * 9)
  const prefillPerMinute = new Float64Array(c.minutes)
  for (const d of drafts) {
    counts[d.minute * 9 + d.replicaIdx] = (counts[d.minute * 9 + d.replicaIdx] as number) + 1
    prefillPerMinute[d.minute] =
      (prefillPerMinute[d.minute] as number) + (d.r.stages['engine.prefill'] as number)
  }
  const basePrefill = quietMedian(spec, prefillPerMinute, c.minutes)
  // A replica configured with a smaller batch serves less work per minute, all the time.
  const smallBatch = spec.faults.some((f) => f.cause === 'replica.small_batch')
  const rhoOf = (cell: number): number =>
    Math.min(0.97, (work[cell] as number) / (capacity * (smallBatch && cell % 9 === 3 ? 0.55 : 1)))
  const exp = (): number => -Math.log(Math.max(1e-9, c.rnd()))
  for (const d of drafts) {
    const { r, minute } = d
    const cell = minute * 9 + d.replicaIdx
    const rho = rhoOf(cell)
    const service = (work[cell] as number) / Math.max(1, counts[cell] as number)
    const kv = c.fault('engine.kv_cache_pressure', minute)
    let queueUs = service * (rho / (1 - rho)) * exp() * (kv > 1 ? kv : 1)
    queueUs += 500 * c.rnd()
    // A dynamic batcher holds each request until its batch fills or its window ends: a wait
    // of up to the window, the same for every client wherever it is.
    const batchWait = c.fault('engine.batching_window', minute)
    if (batchWait > 1) {
      queueUs += (batchWait - 1) * 50_000 * (0.5 + 0.5 * c.rnd())
    }
    r.stages['engine.queue'] = u(queueUs)
    const bw = c.fault('engine.memory_bandwidth', minute)
    // Prefill chunks share the GPU's steps with decode (chunked prefill): more prompt tokens to
    // compute per minute, whatever the reason (longer prompts, fewer cached), slow every stream's
    // tokens a little, and the running batch grows with them.
    const prefillLoad = (prefillPerMinute[minute] as number) / Math.max(1, basePrefill)
    const interleave = 1 + Math.min(0.8, 0.4 * Math.max(0, prefillLoad - 1.1))
    const tpot =
      (r.tpotUs as number) * (1 + 0.25 * (bw - 1)) * (kv > 1 ? 1 + 0.1 * (kv - 1) : 1) * interleave
    r.tpotUs = u(tpot)
    const output = r.outputTokens ?? 1
    r.stages['engine.decode'] = u(tpot * output)
    let ttft = queueUs + (r.stages['engine.prefill'] as number)
    r.ttftSource = 'engine'
    if (c.gateway) {
      const gq = 400 * c.rnd() + (c.fault('gateway.queueing', minute) - 1) * 40_000 * exp()
      r.stages['gateway.queue'] = u(gq)
      r.stages['gateway.auth'] = u(1500 + 1000 * c.rnd())
      const ds = 18_000 * (0.8 + 0.4 * c.rnd()) * c.fault('downstream.dependency', minute)
      r.stages['downstream'] = u(ds)
      r.downstreamName = 'vector-db'
      ttft += gq + (r.stages['gateway.auth'] as number) + ds
      r.ttftSource = 'gateway'
    }
    r.ttftUs = u(ttft)
    const flush = c.fault('proxy.stream_buffering', minute)
    // The largest of n inter-token gaps grows with n: a long stream has a larger worst gap at
    // the same pace.
    const gapScale = 1.2 + 0.55 * Math.log(Math.max(2, r.outputTokens ?? 2))
    let itl = tpot * gapScale * (0.8 + 0.4 * c.rnd())
    let stream = 800 * c.rnd()
    if (flush > 1) {
      itl = Math.max(itl, itl * flush)
      stream += (flush - 1) * 30_000 * c.rnd()
    }
    if (c.client) {
      const rttMs =
        d.rttMs * (r.dims.region === 'eu-west' ? c.fault('network.high_rtt', minute) : 1)
      const tls = c.fault('network.tls_handshake', minute)
      const freshShare = 0.1 + 0.8 * (1 - 1 / tls)
      const limit = c.fault('gateway.connection_limit', minute)
      const refused = limit > 1 && c.rnd() < Math.min(0.9, 0.08 * limit)
      const fresh = refused || c.rnd() < freshShare
      const rtt = rttMs * 1000 * (0.85 + 0.3 * c.rnd())
      r.connectionReused = !fresh
      r.tlsResumed = false
      r.stages['client.connect'] = fresh ? u(rtt + (refused ? 1_000_000 : 0)) : u(0)
      r.stages['client.tls'] = fresh ? u(2 * rtt) : u(0)
      r.stages['client.send'] = u(200)
      r.stages['network'] = u(rtt)
      r.stages['stream'] = u(stream)
      const hidden = (c.fault('unattributed', minute) - 1) * 75_000 * (0.8 + 0.4 * c.rnd())
      ttft +=
        (r.stages['client.connect'] as number) +
        (r.stages['client.tls'] as number) +
        200 +
        rtt +
        hidden
      r.ttftUs = u(ttft)
      r.ttftSource = 'client'
      r.itlMaxUs = u(itl)
    } else {
      r.itlMaxUs = flush > 1 ? u(tpot * gapScale * (0.8 + 0.4 * c.rnd())) : u(itl)
    }
    r.e2eUs = u(ttft + (r.stages['engine.decode'] as number) + stream)
    r.endUs = asMicros(r.startUs + (r.e2eUs as number))
  }
  drafts.sort((a, b) => a.r.startUs - b.r.startUs)
  const resources = spec.metrics ? metricsOf(spec, drafts, work, rhoOf, c) : []
  if (spec.cachedOnRequests === false) {
    // A producer that writes no cached-token attribute: only the counters know.
    for (const d of drafts) {
      d.r.cachedTokens = null
    }
  }
  return {
    requests: drafts.map((d) => d.r),
    resources,
    events: spec.events ? eventsOf(spec, c) : [],
  }
}

/**
 * vLLM's prefix-cache counters per replica (`vllm:prefix_cache_queries_total` counts prompt
 * tokens looked up, `…hits_total` those found), one sample per minute: what a producer that writes
 * no cached-token attribute on its spans still exposes.
 */
function prefixCounters(drafts: readonly GenDraft[], c: FinishCtx): ResourceSeries[] {
  const queries = new Float64Array(c.minutes * 9)
  const hits = new Float64Array(c.minutes * 9)
  for (const d of drafts) {
    const k = d.minute * 9 + d.replicaIdx
    queries[k] = (queries[k] as number) + (d.r.inputTokens ?? 0)
    hits[k] = (hits[k] as number) + (d.r.cachedTokens ?? 0)
  }
  const out: ResourceSeries[] = []
  for (let k = 0; k < 9; k++) {
    const labels = { pod: `r${k}`, node: `n${Math.floor(k / 2)}` }
    const q: ResourceSeries = {
      kind: 'prefix_queries',
      metric: 'vllm:prefix_cache_queries_total',
      labels,
      points: [],
    }
    const h: ResourceSeries = {
      kind: 'prefix_hits',
      metric: 'vllm:prefix_cache_hits_total',
      labels,
      points: [],
    }
    let qSum = 0
    let hSum = 0
    for (let m = 0; m < c.minutes; m++) {
      if (queries[m * 9 + k] === 0) {
        continue
      }
      qSum += queries[m * 9 + k] as number
      hSum += hits[m * 9 + k] as number
      const timeUs = c.fromUs + (m + 1) * 60_000_000
      q.points.push({ timeUs, value: qSum })
      h.points.push({ timeUs, value: hSum })
    }
    out.push(q, h)
  }
  return out
}

function metricsOf(
  spec: GenSpec,
  drafts: GenDraft[],
  work: Float64Array,
  rhoOf: (cell: number) => number,
  c: FinishCtx
): ResourceSeries[] {
  const out: ResourceSeries[] = prefixCounters(drafts, c)
  for (let k = 0; k < 9; k++) {
    const replica = `r${k}`
    const labels = { pod: replica, node: `n${Math.floor(k / 2)}` }
    const waiting: ResourceSeries = {
      kind: 'waiting',
      metric: 'vllm:num_requests_waiting',
      labels,
      points: [],
    }
    const running: ResourceSeries = {
      kind: 'running',
      metric: 'vllm:num_requests_running',
      labels,
      points: [],
    }
    const kvs: ResourceSeries = {
      kind: 'kv_usage',
      metric: 'vllm:kv_cache_usage_perc',
      labels,
      points: [],
    }
    const pre: ResourceSeries = {
      kind: 'preemptions',
      metric: 'vllm:num_preemptions_total',
      labels,
      points: [],
    }
    // Every engine's scrape carries when its process started: long before the data for the
    // established replicas, just before its first request for the one a scale-up adds.
    const cold = spec.faults.find((f) => f.cause === 'replica.cold_start')
    const startedUs =
      k === 8 && cold !== undefined
        ? c.fromUs + Math.ceil(c.minutes * (1 - cold.windowShare)) * 60_000_000 - 40_000_000
        : c.fromUs - 3 * 3_600_000_000
    const started: ResourceSeries = {
      kind: 'process_start',
      metric: 'process_start_time_seconds',
      labels,
      points: [],
    }
    let preempted = 0
    for (let m = 0; m < c.minutes; m++) {
      const w = work[m * 9 + k] as number
      if (w === 0) {
        continue
      }
      const rho = rhoOf(m * 9 + k)
      const kv = c.fault('engine.kv_cache_pressure', m)
      const bw = c.fault('engine.memory_bandwidth', m)
      for (let s = 0; s < 4; s++) {
        const timeUs = c.fromUs + m * 60_000_000 + s * 15_000_000
        waiting.points.push({
          timeUs,
          value: Math.round((rho / (1 - rho)) * 2 * (kv > 1 ? kv : 1)),
        })
        running.points.push({ timeUs, value: Math.round(8 + 24 * rho * (bw > 1 ? bw : 1)) })
        // A scrape sees the cache between preemptions: full, or just freed by one.
        kvs.points.push({
          timeUs,
          value: kv > 1 ? Math.min(0.995, 0.84 + 0.02 * kv + 0.06 * c.rnd()) : 0.3 + 0.4 * rho,
        })
        preempted += kv > 1 ? Math.round(kv * 3) : 0
        pre.points.push({ timeUs, value: preempted })
        started.points.push({ timeUs, value: startedUs / 1e6 })
      }
    }
    out.push(waiting, running, kvs, pre, started)
  }
  return out
}

function eventsOf(spec: GenSpec, c: FinishCtx): ChangeEvent[] {
  const out: ChangeEvent[] = []
  for (const f of spec.faults) {
    const at = asMicros(c.fromUs + Math.floor(c.minutes * (1 - f.windowShare)) * 60_000_000)
    const base = {
      model: 'llama-70b',
      version: null,
      replica: null,
      node: null,
      message: null,
      reason: null,
    }
    if (f.cause === 'version.regression') {
      out.push({
        ...base,
        timeUs: at,
        kind: 'deploy',
        version: 'v2',
        message: 'rolled out v2 to r0, r1',
      })
    } else if (f.cause === 'replica.cold_start') {
      out.push({
        ...base,
        timeUs: at,
        kind: 'scale',
        replica: 'r8',
        message: 'scaled to 9 replicas',
      })
    }
  }
  return out
}
