/**
 * Hand-written diagnosis scenarios (test/fixtures/diagnosis/*.json) → contract timelines. A
 * fixture describes traffic as populations (rate, dimension weights, stage times as median and
 * spread, token lengths, where TTFT is measured) and faults as edits over a time range and a
 * filter (add or scale stages, extra requests, errors). Nothing here comes from the simulator:
 * the shapes are written from other stacks' telemetry (OTel GenAI client spans only, gateways
 * without engine spans, engines without gateways, missing tokens or replicas).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { ChangeEvent } from '../core/model/event.js'
import type { Dimension, RequestTimeline, StageName, TtftSource } from '../core/model/request.js'
import { DIMENSIONS, STAGE_NAMES } from '../core/model/request.js'
import { asMicros, type Micros } from '../core/model/units.js'
import type { Cause, ScopeDimension } from '../core/model/diagnosis.js'
import type { SloTargets } from '../core/diagnosis/frame/input.js'
import { createSeededRandom } from '../core/stats/seeded-random.js'

type Spread = [median: number, relativeSpread: number]

interface Population {
  perMinute: number
  dims?: Partial<Record<Dimension, string | Record<string, number>>>
  stagesMs?: Partial<Record<StageName, Spread>>
  /** Time before the first token no stage covers (ms). */
  unattributedMs?: Spread
  ttftSource?: TtftSource
  inputTokens?: Spread | null
  outputTokens?: Spread | null
  cachedShare?: number
  tpotMs?: Spread
  /** Longest gap as a multiple of TPOT (default [3, 0.3]). */
  itlFactor?: Spread
  connectionReused?: number
  hasClient?: boolean
  hasGateway?: boolean
  hasEngine?: boolean
}

interface FaultEdit {
  fromMin: number
  toMin: number
  where?: Partial<Record<Dimension, string>>
  /** Share of the matching requests the edit touches (default 1). */
  share?: number
  addMs?: Partial<Record<StageName | 'unattributed' | 'itl', number>>
  scale?: Partial<Record<StageName | 'tpot' | 'itl' | 'inputTokens' | 'outputTokens', number>>
  cachedShare?: number
  connectionReused?: number
  /** Extra requests per minute cloned from the population with `where` forced on them. */
  extraPerMinute?: number
  errorShare?: number
}

export interface DiagnosisFixture {
  name: string
  description: string
  seed?: number
  minutes: number
  populations: Population[]
  faults?: FaultEdit[]
  events?: { atMin: number; kind: ChangeEvent['kind']; version?: string; message?: string }[]
  slos?: SloTargets
  expected: {
    cause: Cause
    scope?: { dimension: ScopeDimension | null; value: string | null }
    /** The cause must be first (default) or only among the first three. */
    rank?: 'top1' | 'top3'
  }
}

export const T0 = Date.UTC(2025, 9, 6, 14, 0, 0) * 1000

function pickDim(spec: string | Record<string, number> | undefined, u: number): string | null {
  if (spec === undefined) {
    return null
  }
  if (typeof spec === 'string') {
    return spec
  }
  let acc = 0
  const entries = Object.entries(spec)
  for (const [v, w] of entries) {
    acc += w
    if (u < acc) {
      return v
    }
  }
  return entries[entries.length - 1]?.[0] ?? null
}

/** Expands a fixture into timelines and events (deterministic). */
export function expandFixture(f: DiagnosisFixture): {
  requests: RequestTimeline[]
  events: ChangeEvent[]
  window: { fromUs: Micros; toUs: Micros }
} {
  const rnd = createSeededRandom(f.seed ?? 1)
  const draw = (s: Spread | undefined | null): number =>
    s ? Math.max(0, s[0] * (1 + s[1] * (rnd() * 2 - 1) * Math.sqrt(3) * 0.6)) : 0
  const requests: RequestTimeline[] = []
  let id = 0
  const emit = (
    p: Population,
    minute: number,
    forced: Partial<Record<Dimension, string>>
  ): void => {
    const startUs = T0 + minute * 60_000_000 + Math.floor(rnd() * 60_000_000)
    const dims = Object.fromEntries(
      DIMENSIONS.map((d) => [d, forced[d] ?? pickDim(p.dims?.[d], rnd())])
    ) as Record<Dimension, string | null>
    const edits = (f.faults ?? []).filter(
      (e) =>
        minute >= e.fromMin &&
        minute < e.toMin &&
        Object.entries(e.where ?? {}).every(([d, v]) => dims[d as Dimension] === v) &&
        rnd() < (e.share ?? 1)
    )
    const stages = Object.fromEntries(STAGE_NAMES.map((s) => [s, null])) as Record<
      StageName,
      Micros | null
    >
    let input = p.inputTokens === null ? null : Math.round(draw(p.inputTokens ?? [600, 0.6]))
    let output =
      p.outputTokens === null ? null : Math.max(1, Math.round(draw(p.outputTokens ?? [200, 0.6])))
    let tpot = draw(p.tpotMs ?? [20, 0.2])
    let itl = tpot * draw(p.itlFactor ?? [3, 0.3])
    let cachedShare = p.cachedShare ?? 0
    let reusedShare = p.connectionReused ?? 0.9
    let unattributed = draw(p.unattributedMs)
    let error = false
    const stageMs: Partial<Record<StageName, number>> = {}
    for (const [s, spread] of Object.entries(p.stagesMs ?? {})) {
      stageMs[s as StageName] = draw(spread as Spread)
    }
    for (const e of edits) {
      for (const [k, v] of Object.entries(e.scale ?? {})) {
        if (k === 'tpot') {
          tpot *= v
        } else if (k === 'itl') {
          itl *= v
        } else if (k === 'inputTokens' && input !== null) {
          input = Math.round(input * v)
        } else if (k === 'outputTokens' && output !== null) {
          output = Math.round(output * v)
        } else if (stageMs[k as StageName] !== undefined) {
          stageMs[k as StageName]! *= v
        }
      }
      for (const [k, v] of Object.entries(e.addMs ?? {})) {
        if (k === 'unattributed') {
          unattributed += v * (0.8 + 0.4 * rnd())
        } else if (k === 'itl') {
          itl += v * (0.8 + 0.4 * rnd())
        } else {
          stageMs[k as StageName] = (stageMs[k as StageName] ?? 0) + v * (0.8 + 0.4 * rnd())
        }
      }
      cachedShare = e.cachedShare ?? cachedShare
      reusedShare = e.connectionReused ?? reusedShare
      error = error || rnd() < (e.errorShare ?? 0)
    }
    const reused = rnd() < reusedShare
    if (!reused && stageMs['client.connect'] === undefined && p.hasClient) {
      stageMs['client.connect'] = 30
      stageMs['client.tls'] = 60
    }
    if (reused) {
      delete stageMs['client.connect']
      delete stageMs['client.tls']
    }
    if (input !== null && stageMs['engine.prefill'] !== undefined) {
      // Prefill grows with the uncached prompt.
      stageMs['engine.prefill'] = stageMs['engine.prefill']! * (1 - cachedShare) * (input / 600)
    }
    let pre = unattributed
    for (const [s, ms] of Object.entries(stageMs)) {
      stages[s as StageName] = asMicros(Math.round(ms * 1000))
      if (s !== 'engine.decode' && s !== 'stream') {
        pre += ms
      }
    }
    const decodeMs = tpot * (output ?? 200)
    if (p.hasEngine !== false) {
      stages['engine.decode'] = asMicros(Math.round(decodeMs * 1000))
    }
    const ttftMs = pre
    const e2eMs = ttftMs + decodeMs + (stageMs.stream ?? 0)
    requests.push({
      traceId: (++id).toString(16).padStart(32, '0'),
      startUs: asMicros(startUs),
      endUs: asMicros(startUs + Math.round(e2eMs * 1000)),
      dims,
      stages,
      downstreamName: stageMs.downstream !== undefined ? 'retrieval' : null,
      ttftUs: asMicros(Math.round(ttftMs * 1000)),
      ttftSource: p.ttftSource ?? (p.hasClient ? 'client' : 'engine'),
      tpotUs: asMicros(Math.round(tpot * 1000)),
      itlMaxUs: asMicros(Math.round(itl * 1000)),
      e2eUs: asMicros(Math.round(e2eMs * 1000)),
      inputTokens: input,
      outputTokens: output,
      cachedTokens: input === null ? null : Math.round(input * cachedShare),
      status: error ? 500 : 200,
      errorType: error ? 'http_500' : null,
      retries: 0,
      connectionReused: p.hasClient ? reused : null,
      tlsResumed: null,
      hasClient: p.hasClient ?? false,
      hasGateway: p.hasGateway ?? false,
      hasEngine: p.hasEngine ?? true,
      spanCount: 2,
    })
  }
  for (let minute = 0; minute < f.minutes; minute++) {
    for (const p of f.populations) {
      for (let k = 0; k < p.perMinute; k++) {
        emit(p, minute, {})
      }
    }
    for (const e of f.faults ?? []) {
      if (e.extraPerMinute && minute >= e.fromMin && minute < e.toMin) {
        for (let k = 0; k < e.extraPerMinute; k++) {
          emit(f.populations[0]!, minute, e.where ?? {})
        }
      }
    }
  }
  requests.sort((a, b) => a.startUs - b.startUs)
  const events: ChangeEvent[] = (f.events ?? []).map((e) => ({
    timeUs: asMicros(T0 + e.atMin * 60_000_000),
    kind: e.kind,
    model: null,
    version: e.version ?? null,
    replica: null,
    node: null,
    message: e.message ?? null,
    reason: null,
  }))
  return {
    requests,
    events,
    window: { fromUs: asMicros(T0), toUs: asMicros(T0 + f.minutes * 60_000_000) },
  }
}

/** Every fixture in a folder, by file name. */
export function loadFixtures(dir: string): [string, DiagnosisFixture][] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as DiagnosisFixture])
}
