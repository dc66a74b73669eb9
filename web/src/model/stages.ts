import {
  AFTER_FIRST_TOKEN_STAGES,
  STAGE_NAMES,
  type StageName,
} from '../../../src/core/model/request.js'

/** CONTRACT §4 stage order: core's own list (a pure constant, bundled into the page). */
export const STAGE_ORDER: readonly StageName[] = STAGE_NAMES

/**
 * One colour per stage, grouped by layer: client in slate blues, network teal, gateway violets,
 * downstream orange, engine queue red (waiting is what users feel), prefill amber, decode green.
 */
export const STAGE_COLORS: Record<StageName, string> = {
  'client.dns': '#5b6b8c',
  'client.connect': '#6f7fa3',
  'client.tls': '#8798c0',
  'client.send': '#a3b2d6',
  // Unattributed time is grey in every tier: time no span explains, not a named cause.
  'client.unattributed': '#9ca3af',
  network: '#2bb3a3',
  'gateway.queue': '#c06be0',
  'gateway.auth': '#9b7be8',
  'gateway.ratelimit': '#b48cf0',
  'gateway.route': '#8a6fd1',
  'gateway.guardrail': '#d49cf2',
  'gateway.upstream': '#7458b8',
  'gateway.unattributed': '#a8a29e',
  downstream: '#f08a3c',
  'engine.frontend': '#7fb8e6',
  'engine.queue': '#e5484d',
  'engine.prefill': '#f5c542',
  'engine.decode': '#46a758',
  'engine.unattributed': '#b8b3ad',
  // The upstream's answer as the gateway saw it stream: after the first token, like decode.
  'gateway.stream': '#8fc79a',
  stream: '#4cc3e0',
}

export interface StageBucket {
  /** Requests in the bucket. */
  count: number
  /** Per stage: requests that have the stage, and its mean over those (ms). */
  stages: Partial<Record<StageName, { count: number; meanMs: number | null; p99Ms: number | null }>>
}

export interface StageStack {
  /** Stages that carry time somewhere in the window, in timeline order. */
  stages: StageName[]
  /** Per stage, per bucket: mean contribution per request (ms); null when the bucket is empty. */
  values: (number | null)[][]
  /** Same shape: running sum up to and including the stage (what a stacked chart draws). */
  cumulative: (number | null)[][]
}

/**
 * Stacks per-stage time so the stack's height is the mean request's time. A stage only some
 * requests have (a downstream call) counts with weight `stageCount / count`, so the sum stays a
 * per-request mean instead of adding up means of different populations.
 */
export function stackStageMeans(
  buckets: readonly (StageBucket | null)[],
  only: (stage: StageName) => boolean = () => true
): StageStack {
  const used = STAGE_ORDER.filter(only).filter((stage) =>
    buckets.some((b) => (b?.stages[stage]?.meanMs ?? 0) > 0)
  )
  const values = used.map((stage) =>
    buckets.map((b) => {
      if (!b || b.count === 0) {
        return null
      }
      const s = b.stages[stage]
      if (!s || s.meanMs === null) {
        return 0
      }
      return (s.meanMs * s.count) / b.count
    })
  )
  const cumulative: (number | null)[][] = []
  values.forEach((row, si) => {
    cumulative.push(
      row.map((v, bi) => {
        if (v === null) {
          return null
        }
        const below = si > 0 ? (cumulative[si - 1]?.[bi] ?? 0) : 0
        return below + v
      })
    )
  })
  return { stages: used, values, cumulative }
}

/**
 * Stages that can delay the first token: everything but decoding and streaming the answer
 * (`gateway.stream` is a gateway's upstream call after its first chunk).
 */
export function isBeforeFirstToken(stage: StageName): boolean {
  return !(AFTER_FIRST_TOKEN_STAGES as readonly StageName[]).includes(stage)
}
