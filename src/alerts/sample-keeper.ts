/**
 * Keeps slow-request samples: once a minute has closed and its resource series around it exist
 * (lag = settle + resource window), picks the minute's samples per tier and stores each with its
 * full trace, stage breakdown (the request timeline) and its replica's and node's resource series
 * around it. Copies, so raw span retention does not take the evidence with it.
 */
import type { Logger } from '../core/logger.js'
import { resolveResourceNames } from '../core/diagnosis/metric-families.js'
import { joinDimensions } from '../core/metrics/aliases.js'
import type { RequestTimeline } from '../core/model/request.js'
import type { Micros } from '../core/model/units.js'
import { minuteOf } from '../core/slo/minute-stats.js'
import { selectSamples } from '../core/slo/select-samples.js'
import { tierOf } from '../core/slo/tier-match.js'
import { MINUTE_US } from '../core/slo/types.js'
import type { SloStore, SlowSample } from '../storage/slo-store.js'
import type { SpanStore } from '../storage/span-store.js'
import type { Series } from '../core/model/query.js'
import type { SloSettings } from '../config/slo.js'
import { groupSpansByTrace } from '../core/assembly/group-by-trace.js'

export interface SampleKeeperOptions {
  store: SpanStore
  sloStore: SloStore
  settings: SloSettings
  logger: Logger
}

export interface SampleKeeper {
  /** Samples every minute that is ready at `nowUs` and not yet sampled; returns samples kept. */
  keepUntil(nowUs: Micros): Promise<number>
  /** Samples the minutes in `[fromUs, toUs)` now (tests, backfill). */
  keepMinutes(fromUs: Micros, toUs: Micros, nowUs: Micros): Promise<number>
}

const CURSOR = 'samples'
/** Minutes sampled per call at most: a long catch-up is spread over several ticks. */
const MAX_MINUTES_PER_CALL = 30

/** Creates the keeper. */
export function createSampleKeeper(options: SampleKeeperOptions): SampleKeeper {
  const { store, sloStore, settings } = options
  const resourceUs = settings.samples.resourceWindowUs

  async function resourcesAround(fromUs: number, toUs: number): Promise<Series[]> {
    const names = resolveResourceNames((await store.listMetrics()).map((m) => m.name))
    const out: Series[] = []
    for (const { name } of names.values()) {
      out.push(
        ...(await store.querySeries({
          name,
          fromUs: fromUs as Micros,
          toUs: toUs as Micros,
          fn: 'raw',
        }))
      )
    }
    return out
  }

  function resourcesFor(r: RequestTimeline, all: readonly Series[]): SlowSample['resources'] {
    const from = r.startUs - resourceUs
    const to = r.endUs + resourceUs
    const out: SlowSample['resources'] = []
    for (const s of all) {
      const joined = joinDimensions(s.labels)
      const scope =
        r.dims.replica !== null && joined.replica === r.dims.replica
          ? 'replica'
          : r.dims.node !== null && joined.node === r.dims.node
            ? 'node'
            : null
      if (scope === null) {
        continue
      }
      const points = s.points.filter((p) => p.timeUs >= from && p.timeUs <= to)
      if (points.length > 0) {
        out.push({ name: s.name, labels: s.labels, points, scope })
      }
    }
    return out
  }

  async function keepMinute(minuteUs: number, nowUs: Micros): Promise<number> {
    const byTier = new Map<string, RequestTimeline[]>()
    for await (const batch of store.scanRequests({
      fromUs: minuteUs as Micros,
      toUs: (minuteUs + MINUTE_US) as Micros,
    })) {
      for (const r of batch) {
        const tier = tierOf(r, settings.tiers)
        if (!tier) {
          continue
        }
        const list = byTier.get(tier.name)
        if (list) {
          list.push(r)
        } else {
          byTier.set(tier.name, [r])
        }
      }
    }
    const choices = settings.tiers.flatMap((t) =>
      selectSamples(byTier.get(t.name) ?? [], t, settings.samples).map((c) => ({
        ...c,
        tier: t.name,
      }))
    )
    if (choices.length === 0) {
      return 0
    }
    const spansByTrace = groupSpansByTrace(
      await store.getSpans(choices.map((c) => c.request.traceId))
    )
    const maxEnd = Math.max(...choices.map((c) => c.request.endUs))
    const series = await resourcesAround(minuteUs - resourceUs, maxEnd + resourceUs + 1)
    const samples: SlowSample[] = choices.map((c) => ({
      traceId: c.request.traceId,
      tier: c.tier,
      kind: c.kind,
      reasons: c.reasons,
      keptAtUs: nowUs,
      request: c.request,
      spans: spansByTrace.get(c.request.traceId) ?? [],
      resources: resourcesFor(c.request, series),
    }))
    await sloStore.insertSamples(samples)
    return samples.length
  }

  async function keepMinutes(fromUs: Micros, toUs: Micros, nowUs: Micros): Promise<number> {
    let kept = 0
    for (let m: number = minuteOf(fromUs); m < toUs; m += MINUTE_US) {
      kept += await keepMinute(m, nowUs)
    }
    return kept
  }

  return {
    keepMinutes,
    async keepUntil(nowUs) {
      if (settings.tiers.length === 0) {
        return 0
      }
      const readyEnd = minuteOf(nowUs - settings.evaluation.settleUs - resourceUs)
      const cursor = await sloStore.getCursor(CURSOR)
      const start =
        cursor === null ? readyEnd - settings.evaluation.rescanMinutes * MINUTE_US : cursor
      const end = Math.min(readyEnd, start + MAX_MINUTES_PER_CALL * MINUTE_US)
      if (end <= start) {
        return 0
      }
      const kept = await keepMinutes(start as Micros, end as Micros, nowUs)
      await sloStore.setCursor(CURSOR, end as Micros)
      return kept
    },
  }
}
