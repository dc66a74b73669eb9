/**
 * An independent generator of contract-conformant request timelines, metric series and change
 * events with injected faults, written apart from the simulator (src/sim) so the diagnosis is not
 * tuned to one model of an inference service. It models load with a closed-form queue (waiting
 * grows as ρ/(1−ρ) with token work per replica and minute), heavy-tailed prompt and output
 * lengths, three regions at different round-trip times, connection reuse, and an optional
 * client, gateway, metrics and events layer. Pure and seeded.
 */
import type { Cause, ScopeDimension } from '../../model/diagnosis.js'
import type { ChangeEvent } from '../../model/event.js'
import type { RequestTimeline, StageName } from '../../model/request.js'
import { STAGE_NAMES } from '../../model/request.js'
import { asMicros, isoFromMicros, type Micros } from '../../model/units.js'
import { createSeededRandom } from '../../stats/seeded-random.js'
import { frameFromRequests } from '../frame/frame.js'
import type { DiagnosisInput, ResourceSeries } from '../frame/input.js'
import { finish, type GenDraft } from './fault-gen-finish.js'
import { T0_US } from './make-timeline.js'
import { driftFactor, type FaultSpec, type GenSpec } from './fault-gen-spec.js'

export type { FaultSpec, GenSpec, TrafficDrift, Workload } from './fault-gen-spec.js'

export interface Expected {
  cause: Cause
  scope: { dimension: ScopeDimension | null; value: string | null }
}

export interface GenResult {
  requests: RequestTimeline[]
  resources: ResourceSeries[]
  events: ChangeEvent[]
  expected: Expected[]
  window: { fromUs: Micros; toUs: Micros }
}

/** Minutes a cold replica takes to warm up. */
export const WARM_UP_MIN = 4

const REPLICAS = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']
const REGIONS: [string, number, number][] = [
  ['us-east', 0.55, 15],
  ['eu-west', 0.3, 45],
  ['ap-south', 0.15, 90],
]
const TENANTS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark']
const TENANT_W = [0.3, 0.22, 0.16, 0.14, 0.1, 0.08]

/** The scope each fault is confined to in this generator. */
export function scopeOf(f: FaultSpec): Expected['scope'] {
  switch (f.cause) {
    case 'network.high_rtt':
      return { dimension: 'region', value: 'eu-west' }
    case 'node.degraded':
      return { dimension: 'node', value: 'n2' }
    case 'version.regression':
      return { dimension: 'version', value: 'v2' }
    case 'replica.cold_start':
      return { dimension: 'replica', value: 'r8' }
    case 'routing.imbalance':
      return { dimension: 'replica', value: 'r5' }
    case 'replica.small_batch':
      return { dimension: 'replica', value: 'r3' }
    case 'tenant.noisy_neighbor':
      return { dimension: 'tenant', value: 'hooli' }
    default:
      return { dimension: null, value: null }
  }
}

function pickWeighted<T>(items: readonly T[], weights: readonly number[], u: number): T {
  let acc = 0
  for (let i = 0; i < items.length; i++) {
    acc += weights[i] as number
    if (u < acc) {
      return items[i] as T
    }
  }
  return items[items.length - 1] as T
}

/** Generates one run (see module header). */
export function generateRun(spec: GenSpec): GenResult {
  const rnd = createSeededRandom(spec.seed)
  const minutes = spec.minutes ?? 30
  const perMinute = spec.perMinute ?? 240
  const client = spec.client ?? true
  const gateway = spec.gateway ?? true
  const workload = spec.workload ?? 'chat'
  const fromUs = T0_US
  const toUs = asMicros(T0_US + minutes * 60_000_000)
  const active = (f: FaultSpec, minute: number): boolean => minute >= minutes * (1 - f.windowShare)
  const fault = (c: FaultSpec['cause'], minute: number): number => {
    const f = spec.faults.find((x) => x.cause === c)
    return f !== undefined && active(f, minute) ? f.magnitude : 1
  }
  const has = (c: FaultSpec['cause']): FaultSpec | undefined =>
    spec.faults.find((x) => x.cause === c)
  const gauss = (): number => {
    const u = Math.max(1e-9, rnd())
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd())
  }
  const logn = (median: number, sigma: number): number => median * Math.exp(sigma * gauss())
  // Per-minute arrivals per replica and token work, for the queue model.
  const work = new Float64Array(minutes * 9)
  const drafts: GenDraft[] = []
  let counter = 0
  for (let minute = 0; minute < minutes; minute++) {
    const burst = fault('tenant.noisy_neighbor', minute)
    const surge = fault('engine.queue_saturation', minute)
    // KV pressure comes with more concurrent sequences than the cache holds: a modest rise in
    // traffic fills it, so the queue grows with traffic too (the mechanism a root must beat).
    const kvLoad = fault('engine.kv_cache_pressure', minute)
    const rate = Math.round(
      perMinute *
        (1 + 0.35 * (surge - 1)) *
        (kvLoad > 1 ? 1 + 0.08 * (kvLoad - 1) : 1) *
        driftFactor(spec.drift, minute, minutes)
    )
    const extra = burst > 1 ? Math.round(perMinute * 0.1 * (burst - 1)) : 0
    for (let j = 0; j < rate + extra; j++) {
      const tenant = j >= rate ? 'hooli' : pickWeighted(TENANTS, TENANT_W, rnd())
      const startUs = asMicros(fromUs + minute * 60_000_000 + Math.floor(rnd() * 60_000_000))
      const cold = has('replica.cold_start') && fault('replica.cold_start', minute) > 1
      const pool = cold ? [...REPLICAS, 'r8'] : REPLICAS
      const imbalance = fault('routing.imbalance', minute)
      const weights = pool.map((r) => (r === 'r5' ? imbalance : 1))
      const sumW = weights.reduce((a, b) => a + b, 0)
      const replica = pickWeighted(
        pool,
        weights.map((w) => w / sumW),
        rnd()
      )
      const replicaIdx = pool.indexOf(replica)
      const node = `n${Math.floor(replicaIdx / 2)}`
      const vFault = has('version.regression')
      const version =
        vFault && active(vFault, minute) && (replica === 'r0' || replica === 'r1') ? 'v2' : 'v1'
      const [region, , rttMs] = pickWeighted(
        REGIONS,
        REGIONS.map((x) => x[1]),
        rnd()
      )
      const longP = workload === 'long-prompts' && rnd() < 0.15
      let prompt = Math.round(longP ? 2000 + rnd() * 6000 : logn(600, 0.7))
      const lp = has('engine.long_prompts')
      if (lp && active(lp, minute) && rnd() < 0.5) {
        prompt = Math.round(prompt * lp.magnitude * 2)
      }
      const longO = workload === 'long-outputs' && rnd() < 0.15
      let output = Math.max(1, Math.round(longO ? 1000 + rnd() * 3000 : logn(180, 0.6)))
      const lg = has('engine.long_generations')
      if (lg && active(lg, minute) && rnd() < 0.3) {
        output = Math.round(output * lg.magnitude * 3)
      }
      const shared = rnd() < 0.6
      const missShare = has('engine.prefix_cache_miss')
      const miss =
        missShare !== undefined &&
        active(missShare, minute) &&
        rnd() < Math.min(1, 0.25 * missShare.magnitude)
      const cached = shared && !miss ? Math.round(prompt * 0.7) : 0
      let slow =
        fault('node.degraded', minute) > 1 && node === 'n2' ? fault('node.degraded', minute) : 1
      if (version === 'v2') {
        slow *= fault('version.regression', minute)
      }
      if (replica === 'r8') {
        // A cold replica warms up: its extra time fades over its first minutes.
        const cs = has('replica.cold_start')
        const age = cs === undefined ? 0 : minute - minutes * (1 - cs.windowShare)
        slow *= 1 + (fault('replica.cold_start', minute) - 1) * Math.max(0.1, 1 - age / WARM_UP_MIN)
      }
      const prefillUs = (8 + 0.12 * (prompt - cached)) * 1000 * slow * (0.9 + 0.2 * rnd())
      work[minute * 9 + replicaIdx] =
        (work[minute * 9 + replicaIdx] as number) + prefillUs + output * 300
      const batchHit = lg && active(lg, minute) ? 1 + 0.06 * (lg.magnitude - 1) : 1
      const tpotUs = (14 + 0.002 * prompt) * 1000 * slow * batchHit * (0.9 + 0.2 * rnd())
      const stages = Object.fromEntries(STAGE_NAMES.map((s) => [s, null])) as Record<
        StageName,
        Micros | null
      >
      stages['engine.prefill'] = asMicros(Math.round(prefillUs))
      stages['engine.decode'] = asMicros(Math.round(tpotUs * output))
      const r: RequestTimeline = {
        traceId: (++counter).toString(16).padStart(32, '0'),
        startUs,
        endUs: startUs,
        dims: {
          model: 'llama-70b',
          version,
          replica,
          node,
          tenant,
          route: '/v1/chat/completions',
          region,
          gateway: gateway ? 'gw-0' : null,
        },
        stages,
        downstreamName: null,
        ttftUs: null,
        ttftSource: null,
        tpotUs: asMicros(Math.round(tpotUs)),
        itlMaxUs: null,
        e2eUs: null,
        inputTokens: prompt,
        outputTokens: output,
        cachedTokens: cached,
        status: 200,
        errorType: null,
        retries: 0,
        connectionReused: null,
        tlsResumed: null,
        hasClient: client,
        hasGateway: gateway,
        hasEngine: true,
        spanCount: 3,
      }
      drafts.push({ r, minute, replicaIdx, rttMs })
    }
  }
  const done = finish(spec, drafts, work, { fromUs, minutes, client, gateway, rnd, fault })
  const expected: Expected[] = spec.faults
    .filter(
      (f): f is FaultSpec & { cause: Exclude<Cause, 'healthy'> } =>
        f.cause !== 'unattributed' && f.cause !== 'replica.small_batch'
    )
    .map((f) => ({ cause: f.cause, scope: scopeOf(f) }))
  if (spec.faults.some((f) => f.cause === 'unattributed')) {
    expected.push({ cause: 'gateway.connection_limit', scope: { dimension: null, value: null } })
  }
  return { ...done, expected, window: { fromUs, toUs } }
}

/** A generated run as the diagnosis' input: its window, its requests as a frame, its series and events. */
export function inputOfRun(g: GenResult): DiagnosisInput {
  return {
    window: g.window,
    frame: frameFromRequests(g.requests),
    resources: g.resources,
    events: g.events,
  }
}

/** The RFC 3339 time `minute` minutes into a generated run's window. */
export function minuteOfRun(g: GenResult, minute: number): string {
  return isoFromMicros((g.window.fromUs + minute * 60_000_000) as Micros)
}
