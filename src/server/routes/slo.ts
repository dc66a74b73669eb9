/**
 * `GET /api/slo` (compliance, error budget and burn rate per tier and objective over the window),
 * `GET /api/alerts` (alert states and history) and `GET /api/samples` (slow-request samples kept
 * as evidence). Documented in docs/slo.md.
 */
import type { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '../../core/errors.js'
import { isoFromMicros, millisFromMicros, type Micros } from '../../core/model/units.js'
import { createMinuteAggregator, type TierMinute } from '../../core/slo/minute-stats.js'
import { formatObjective } from '../../core/slo/objective-text.js'
import { summarizeTier } from '../../core/slo/summary.js'
import type { Objective } from '../../core/slo/types.js'
import type { SloService } from '../../alerts/service.js'
import type { AlertHistoryEntry, AlertRecord, SlowSample } from '../../storage/slo-store.js'
import type { AppDeps } from '../app-deps.js'
import { tenantOf } from '../auth.js'
import { apiLimitsOf } from '../limits.js'
import { allValues, parseFilters, parseIntParam, parseParam, parseWindow } from '../params.js'
import { toRequestJson, toSpanJson } from './json-views.js'

const r3 = (v: number | null): number | null => (v === null ? null : Math.round(v * 1000) / 1000)
const msOrNull = (us: Micros | null): number | null => (us === null ? null : millisFromMicros(us))

function objectiveJson(o: Objective): Record<string, unknown> {
  return o.kind === 'latency'
    ? {
        id: o.id,
        text: formatObjective(o),
        kind: o.kind,
        measure: o.measure,
        percentile: o.percentile,
        threshold_ms: o.thresholdUs / 1000,
      }
    : { id: o.id, text: formatObjective(o), kind: o.kind, max_error_rate: o.maxErrorRate }
}

/** JSON of one alert record. */
export function alertJson(a: AlertRecord): Record<string, unknown> {
  const s = a.state
  return {
    rule: a.key,
    kind: a.kind,
    tier: a.tier,
    objective: a.objective,
    severity: a.severity,
    state: s.status,
    active_since_ms: msOrNull(s.activeSinceUs),
    firing_since_ms: msOrNull(s.firingSinceUs),
    resolved_at_ms: msOrNull(s.resolvedAtUs),
    last_eval_ms: msOrNull(s.lastEvalUs),
    value: r3(s.lastValue),
    fire_count: s.fireCount,
    detail: a.detail,
    labels: a.labels,
    annotations: a.annotations,
    findings: a.findings,
    diagnosis_window:
      a.diagnosisWindow === null
        ? null
        : {
            start: isoFromMicros(a.diagnosisWindow.fromUs),
            end: isoFromMicros(a.diagnosisWindow.toUs),
          },
  }
}

function historyJson(h: AlertHistoryEntry): Record<string, unknown> {
  return {
    time_ms: millisFromMicros(h.timeUs),
    time: isoFromMicros(h.timeUs),
    rule: h.key,
    transition: h.transition,
    value: r3(h.value),
    detail: h.detail,
    findings: h.findings.map((f) => ({ cause: f.cause, confidence: f.confidence, scope: f.scope })),
  }
}

function sampleJson(s: SlowSample, full: boolean): Record<string, unknown> {
  return {
    trace_id: s.traceId,
    tier: s.tier,
    kind: s.kind,
    reasons: s.reasons,
    kept_at_ms: millisFromMicros(s.keptAtUs),
    request: toRequestJson(s.request),
    span_count: s.spans.length,
    resource_series: s.resources.length,
    ...(full
      ? {
          spans: s.spans.map(toSpanJson),
          resources: s.resources.map((r) => ({
            scope: r.scope,
            name: r.name,
            labels: r.labels,
            points: r.points.map((p) => [millisFromMicros(p.timeUs), p.value]),
          })),
        }
      : {}),
  }
}

function requireSlo(deps: Pick<AppDeps, 'slo'>): SloService {
  if (!deps.slo) {
    throw new AppError('NOT_FOUND', 'SLOs are not enabled in this server (no slo service)')
  }
  return deps.slo
}

export function registerSloRoutes(
  app: Hono,
  deps: Pick<AppDeps, 'store' | 'slo' | 'now' | 'limits'>
): void {
  app.get('/api/slo', async function slo(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store, apiLimitsOf(deps))
    const service = deps.slo
    const tiers = service?.settings.tiers ?? []
    const agg = createMinuteAggregator(tiers)
    if (tiers.length > 0) {
      for await (const batch of deps.store.scanRequests({
        ...window,
        filters: parseFilters(query, apiLimitsOf(deps)),
      })) {
        for (const r of batch) {
          agg.add(r)
        }
      }
    }
    const byTier = new Map<string, TierMinute[]>()
    for (const m of agg.finish()) {
      byTier.set(m.tier, [...(byTier.get(m.tier) ?? []), m])
    }
    const alerts = service?.evaluator.alerts() ?? []
    return c.json({
      window:
        window.fromUs === undefined
          ? null
          : {
              start_ms: millisFromMicros(window.fromUs),
              end_ms: millisFromMicros(window.toUs ?? window.fromUs),
            },
      tiers: tiers.map((t) => {
        const sum = summarizeTier(t, byTier.get(t.name) ?? [])
        return {
          name: t.name,
          match: t.match,
          requests: sum.requests,
          objectives: sum.objectives.map((o) => ({
            ...objectiveJson(o.objective),
            requests: o.total,
            bad: o.bad,
            bad_share: o.total === 0 ? null : r3(o.bad / o.total),
            error_budget: o.budget,
            budget_consumed: r3(o.budgetConsumed),
            burn_rate: r3(o.burnRate),
            compliance: o.minutesWithData === 0 ? null : r3(o.compliantMinutes / o.minutesWithData),
            compliant_minutes: o.compliantMinutes,
            minutes_with_data: o.minutesWithData,
            series: o.minutes.map((p) => ({
              t_ms: millisFromMicros(p.minuteUs),
              value:
                p.value === null
                  ? null
                  : o.objective.kind === 'latency'
                    ? r3(p.value / 1000)
                    : r3(p.value),
              compliant: p.compliant,
              requests: p.total,
              bad: p.bad,
            })),
          })),
        }
      }),
      alerts: {
        firing: alerts.filter((a) => a.state.status === 'firing').length,
        pending: alerts.filter((a) => a.state.status === 'pending').length,
      },
    })
  })

  app.get('/api/alerts', async function alerts(c) {
    const query = c.req.queries()
    const limit = parseIntParam(query, 'limit', 0, 1000, 50)
    const service = deps.slo
    if (!service) {
      return c.json({ alerts: [], history: [] })
    }
    const state = parseParam(
      query,
      'state',
      z.enum(['inactive', 'pending', 'firing', 'resolved']),
      'inactive, pending, firing or resolved'
    )
    const known = new Set(service.settings.rules.map((r) => r.name))
    const records = (await service.sloStore.loadAlerts()).filter(
      (a) => known.has(a.key) && (state === undefined || a.state.status === state)
    )
    const history = await service.sloStore.listAlertHistory({ limit })
    return c.json({ alerts: records.map(alertJson), history: history.map(historyJson) })
  })

  app.get('/api/samples', async function samples(c) {
    const query = c.req.queries()
    const service = requireSlo(deps)
    const window = await parseWindow(query, deps.now(), deps.store, apiLimitsOf(deps))
    const kind = parseParam(query, 'kind', z.enum(['slow', 'baseline']), 'slow or baseline')
    const detail =
      parseParam(query, 'detail', z.enum(['summary', 'full']), 'summary or full') ?? 'summary'
    const limit = parseIntParam(query, 'limit', 1, 500, 50)
    const offset = parseIntParam(query, 'offset', 0, 1_000_000, 0)
    const tiers = allValues(query, 'tier')
    const page = await service.sloStore.querySamples({
      ...window,
      ...(kind === undefined ? {} : { kind }),
      ...(tiers.length > 0 ? { tiers } : {}),
      filters: parseFilters(query, apiLimitsOf(deps)),
      limit,
      offset,
    })
    return c.json({
      total: page.total,
      rows: page.rows.map((s) => sampleJson(s, detail === 'full')),
    })
  })

  app.get('/api/samples/:traceId', async function sample(c) {
    const service = requireSlo(deps)
    const traceId = c.req.param('traceId')
    const tenant = tenantOf(c.req.raw)
    const found = (await service.sloStore.querySamples({ traceId })).rows.filter(
      (s) => tenant === null || s.request.dims.tenant === tenant
    )
    if (found.length === 0) {
      throw new AppError('NOT_FOUND', `no sample kept for trace ${traceId}`)
    }
    return c.json({ samples: found.map((s) => sampleJson(s, true)) })
  })
}
