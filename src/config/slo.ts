/**
 * Validates the `slo:`, `alerts:` and `retention:` sections of the configuration (the general
 * schema keeps them as `unknown`) and turns them into the evaluator's types, durations in µs.
 * Documented in docs/slo.md.
 */
import { z } from 'zod'
import { ConfigError } from '../core/errors.js'
import { DIMENSIONS, DURATION_MEASURES } from '../core/model/request.js'
import type { Micros } from '../core/model/units.js'
import { parseDurationUs } from '../core/model/duration.js'
import { objectiveId, parseObjectiveText } from '../core/slo/objective-text.js'
import {
  DEFAULT_BURN_WINDOWS,
  type AlertRule,
  type BurnWindowPair,
  type Objective,
  type Tier,
  type TierMatch,
} from '../core/slo/types.js'

const duration = z.union([z.string(), z.number().positive()])
const listOrOne = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])
const matchSchema = z
  .object(
    Object.fromEntries(DIMENSIONS.map((d) => [d, listOrOne.optional()])) as Record<
      (typeof DIMENSIONS)[number],
      z.ZodOptional<typeof listOrOne>
    >
  )
  .strict()

const objectiveSchema = z.union([
  z.string(),
  z
    .object({
      id: z.string().min(1).optional(),
      measure: z.enum(DURATION_MEASURES),
      percentile: z.number().gt(0).lt(100),
      thresholdMs: z.number().positive(),
    })
    .strict(),
  z.object({ id: z.string().min(1).optional(), errorRate: z.number().gt(0).lt(1) }).strict(),
])

const samplesSchema = z
  .object({
    slowestPerMinute: z.number().int().min(0),
    maxBreachingPerMinute: z.number().int().min(0),
    baselinePerMinute: z.number().int().min(0),
    seed: z.number().int(),
    resourceWindow: duration,
  })
  .strict()
  .partial()

const sloSchema = z
  .object({
    tiers: z
      .array(
        z
          .object({
            name: z.string().min(1),
            match: matchSchema.optional(),
            objectives: z.array(objectiveSchema).min(1),
          })
          .strict()
      )
      .default([]),
    samples: samplesSchema.optional(),
    evaluation: z
      .object({ interval: duration, settle: duration, rescanMinutes: z.number().int().min(1) })
      .strict()
      .partial()
      .optional(),
  })
  .strict()

const ruleCommon = {
  name: z.string().min(1),
  severity: z.string().min(1).optional(),
  for: duration.optional(),
  resolveFor: duration.optional(),
  hysteresis: z.number().min(0).lt(1).optional(),
  minRequests: z.number().int().min(0).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  annotations: z.record(z.string(), z.string()).optional(),
}

const ruleSchema = z
  .object({
    ...ruleCommon,
    tier: z.string().min(1).optional(),
    objective: z.string().min(1).optional(),
    burnRate: z
      .union([
        z.boolean(),
        z
          .object({
            windows: z
              .array(
                z
                  .object({
                    long: duration,
                    short: duration,
                    factor: z.number().positive(),
                    severity: z.string().optional(),
                  })
                  .strict()
              )
              .min(1),
          })
          .strict(),
      ])
      .optional(),
    window: duration.optional(),
    percentile: z
      .object({
        measure: z.enum(DURATION_MEASURES),
        q: z.number().gt(0).lt(1),
        filters: matchSchema.optional(),
        window: duration.optional(),
        thresholdMs: z.number().positive(),
      })
      .strict()
      .optional(),
  })
  .strict()

const webhookSchema = z
  .object({
    url: z.string().url(),
    format: z.enum(['json', 'alertmanager', 'alertmanager-api']).default('json'),
    headers: z.record(z.string(), z.string()).optional(),
    resendInterval: duration.optional(),
    maxAttempts: z.number().int().min(1).max(20).optional(),
    timeout: duration.optional(),
    backoff: duration.optional(),
  })
  .strict()

const alertsSchema = z
  .object({
    rules: z.array(ruleSchema).default([]),
    notify: z
      .object({
        webhooks: z.array(webhookSchema).default([]),
        topFindings: z.number().int().min(0).max(20).optional(),
        externalUrl: z.string().url().optional(),
      })
      .strict()
      .optional(),
  })
  .strict()

const retentionSchema = z
  .object({
    spans: duration,
    requests: duration,
    metricSamples: duration,
    events: duration,
    samples: duration,
    alertHistory: duration,
    interval: duration,
    batchRows: z.number().int().positive(),
  })
  .strict()
  .partial()

export interface WebhookTarget {
  url: string
  /**
   * `json` (tokenline.alert/v1), `alertmanager` (the webhook receiver body) or
   * `alertmanager-api` (alerts pushed to Alertmanager's `POST /api/v2/alerts`).
   */
  format: 'json' | 'alertmanager' | 'alertmanager-api'
  headers: Record<string, string>
  /** `alertmanager-api`: a firing alert is posted again this often (ms), as Prometheus does. */
  resendIntervalMs: number
  maxAttempts: number
  timeoutMs: number
  backoffMs: number
}

export interface SampleSettings {
  slowestPerMinute: number
  maxBreachingPerMinute: number
  baselinePerMinute: number
  seed: number
  resourceWindowUs: Micros
}

/**
 * Retention ages in µs. `null` keeps forever, the default: a server opened on imported data that
 * is months old must not delete it unasked.
 */
export interface RetentionSettings {
  spans: Micros | null
  requests: Micros | null
  metricSamples: Micros | null
  events: Micros | null
  samples: Micros | null
  alertHistory: Micros | null
  intervalMs: number
  batchRows: number
}

export interface SloSettings {
  tiers: Tier[]
  rules: AlertRule[]
  samples: SampleSettings
  evaluation: { intervalMs: number; settleUs: Micros; rescanMinutes: number }
  notify: { webhooks: WebhookTarget[]; topFindings: number; externalUrl: string | null }
  retention: RetentionSettings
}

const DAY_US = 86_400_000_000

function durUs(value: string | number | undefined, fallbackUs: number, where: string): Micros {
  if (value === undefined) {
    return fallbackUs as Micros
  }
  if (typeof value === 'number') {
    return Math.round(value * 1000) as Micros
  }
  const us = parseDurationUs(value)
  if (us === null) {
    throw new ConfigError(
      `${where}: expected a duration such as 800ms, 30s, 5m, 6h or 7d (a number is milliseconds), got "${value}"`
    )
  }
  return us
}

function list(v: string | string[] | undefined): string[] | undefined {
  return v === undefined ? undefined : Array.isArray(v) ? v : [v]
}

function toMatch(m: z.infer<typeof matchSchema> | undefined): TierMatch {
  const out: TierMatch = {}
  for (const d of DIMENSIONS) {
    const l = list(m?.[d])
    if (l) {
      out[d] = l
    }
  }
  return out
}

function toObjective(o: z.infer<typeof objectiveSchema>, where: string): Objective {
  if (typeof o === 'string') {
    const r = parseObjectiveText(o)
    if ('error' in r) {
      throw new ConfigError(`${where}: ${r.error}`)
    }
    return r.objective
  }
  if ('errorRate' in o) {
    return { kind: 'error_rate', id: o.id ?? objectiveId('error_rate'), maxErrorRate: o.errorRate }
  }
  return {
    kind: 'latency',
    id: o.id ?? objectiveId(o),
    measure: o.measure,
    percentile: o.percentile,
    thresholdUs: Math.round(o.thresholdMs * 1000) as Micros,
  }
}

function issues(error: z.ZodError, section: string): string {
  return error.issues
    .map((i) => `${[section, ...i.path.map(String)].join('.')}: ${i.message}`)
    .join('; ')
}

/**
 * Validates the three sections (each may be absent) and resolves defaults. Throws ConfigError
 * naming the key, what was expected and what arrived.
 */
export function parseSloSettings(input: {
  slo?: unknown
  alerts?: unknown
  retention?: unknown
}): SloSettings {
  const slo = sloSchema.safeParse(input.slo ?? {})
  if (!slo.success) {
    throw new ConfigError(`invalid slo section: ${issues(slo.error, 'slo')}`)
  }
  const alerts = alertsSchema.safeParse(input.alerts ?? {})
  if (!alerts.success) {
    throw new ConfigError(`invalid alerts section: ${issues(alerts.error, 'alerts')}`)
  }
  const retention = retentionSchema.safeParse(input.retention ?? {})
  if (!retention.success) {
    throw new ConfigError(`invalid retention section: ${issues(retention.error, 'retention')}`)
  }

  const tiers: Tier[] = slo.data.tiers.map((t, i) => {
    const objectives = t.objectives.map((o, j) => toObjective(o, `slo.tiers.${i}.objectives.${j}`))
    const ids = new Set<string>()
    for (const o of objectives) {
      if (ids.has(o.id)) {
        throw new ConfigError(
          `slo.tiers.${i}: expected unique objective ids, got "${o.id}" twice (give one an id)`
        )
      }
      ids.add(o.id)
    }
    return { name: t.name, match: toMatch(t.match), objectives }
  })
  const tierNames = new Set<string>()
  for (const t of tiers) {
    if (tierNames.has(t.name)) {
      throw new ConfigError(`slo.tiers: expected unique tier names, got "${t.name}" twice`)
    }
    tierNames.add(t.name)
  }

  const ruleNames = new Set<string>()
  const rules: AlertRule[] = alerts.data.rules.map((r, i) => {
    const where = `alerts.rules.${i}`
    if (ruleNames.has(r.name)) {
      throw new ConfigError(`${where}: expected unique rule names, got "${r.name}" twice`)
    }
    ruleNames.add(r.name)
    const base = {
      name: r.name,
      severity: r.severity ?? 'page',
      hysteresis: r.hysteresis ?? 0.1,
      minRequests: r.minRequests ?? 10,
      labels: r.labels ?? {},
      annotations: r.annotations ?? {},
      resolveForUs: durUs(r.resolveFor, 5 * 60_000_000, `${where}.resolveFor`),
    }
    if (r.percentile) {
      if (r.tier !== undefined || r.objective !== undefined || r.burnRate !== undefined) {
        throw new ConfigError(`${where}: expected either percentile or tier/objective, got both`)
      }
      const p = r.percentile
      return {
        ...base,
        kind: 'percentile',
        forUs: durUs(r.for, 5 * 60_000_000, `${where}.for`),
        measure: p.measure,
        quantile: p.q,
        filters: toMatch(p.filters),
        windowUs: durUs(p.window ?? r.window, 5 * 60_000_000, `${where}.percentile.window`),
        thresholdUs: Math.round(p.thresholdMs * 1000) as Micros,
      }
    }
    if (r.tier === undefined || r.objective === undefined) {
      throw new ConfigError(
        `${where}: expected tier and objective (or percentile), got ${r.tier === undefined ? 'no tier' : 'no objective'}`
      )
    }
    const tier = tiers.find((t) => t.name === r.tier)
    if (!tier) {
      throw new ConfigError(
        `${where}.tier: expected one of the tiers (${[...tierNames].join(', ') || 'none configured'}), got "${r.tier}"`
      )
    }
    const wanted = r.objective
    const parsed = parseObjectiveText(`${wanted} < 1ms`)
    const id =
      'objective' in parsed && parsed.objective.kind === 'latency' ? parsed.objective.id : wanted
    const objective = tier.objectives.find(
      (o) =>
        o.id === wanted || o.id === id || (wanted.startsWith('error') && o.kind === 'error_rate')
    )
    if (!objective) {
      throw new ConfigError(
        `${where}.objective: expected one of tier ${tier.name}'s objectives (${tier.objectives.map((o) => o.id).join(', ')}), got "${wanted}"`
      )
    }
    if (r.burnRate !== undefined && r.burnRate !== false) {
      const windows: BurnWindowPair[] =
        r.burnRate === true
          ? [...DEFAULT_BURN_WINDOWS]
          : r.burnRate.windows.map((w, j) => ({
              longUs: durUs(w.long, 0, `${where}.burnRate.windows.${j}.long`),
              shortUs: durUs(w.short, 0, `${where}.burnRate.windows.${j}.short`),
              factor: w.factor,
              severity: w.severity ?? base.severity,
            }))
      return {
        ...base,
        kind: 'burn_rate',
        tier: tier.name,
        objective: objective.id,
        windows,
        forUs: durUs(r.for, 2 * 60_000_000, `${where}.for`),
      }
    }
    return {
      ...base,
      kind: 'objective',
      tier: tier.name,
      objective: objective.id,
      windowUs: durUs(r.window, 5 * 60_000_000, `${where}.window`),
      forUs: durUs(r.for, 5 * 60_000_000, `${where}.for`),
    }
  })

  const s = slo.data.samples ?? {}
  const e = slo.data.evaluation ?? {}
  const n = alerts.data.notify
  const ret = retention.data
  const age = (
    v: string | number | undefined,
    fallbackDays: number | null,
    key: string
  ): Micros | null =>
    v === undefined
      ? fallbackDays === null
        ? null
        : ((fallbackDays * DAY_US) as Micros)
      : durUs(v, 0, `retention.${key}`)
  return {
    tiers,
    rules,
    samples: {
      slowestPerMinute: s.slowestPerMinute ?? 5,
      maxBreachingPerMinute: s.maxBreachingPerMinute ?? 50,
      baselinePerMinute: s.baselinePerMinute ?? 2,
      seed: s.seed ?? 1,
      resourceWindowUs: durUs(s.resourceWindow, 5 * 60_000_000, 'slo.samples.resourceWindow'),
    },
    evaluation: {
      intervalMs: durUs(e.interval, 15_000_000, 'slo.evaluation.interval') / 1000,
      settleUs: durUs(e.settle, 30_000_000, 'slo.evaluation.settle'),
      rescanMinutes: e.rescanMinutes ?? 10,
    },
    notify: {
      webhooks: (n?.webhooks ?? []).map((w, i) => ({
        url: w.url,
        format: w.format,
        headers: w.headers ?? {},
        maxAttempts: w.maxAttempts ?? 5,
        timeoutMs: durUs(w.timeout, 5_000_000, `alerts.notify.webhooks.${i}.timeout`) / 1000,
        backoffMs: durUs(w.backoff, 500_000, `alerts.notify.webhooks.${i}.backoff`) / 1000,
        resendIntervalMs:
          durUs(w.resendInterval, 60_000_000, `alerts.notify.webhooks.${i}.resendInterval`) / 1000,
      })),
      topFindings: n?.topFindings ?? 3,
      externalUrl: n?.externalUrl ?? null,
    },
    retention: {
      spans: age(ret.spans, null, 'spans'),
      requests: age(ret.requests, null, 'requests'),
      metricSamples: age(ret.metricSamples, null, 'metricSamples'),
      events: age(ret.events, null, 'events'),
      samples: age(ret.samples, null, 'samples'),
      alertHistory: age(ret.alertHistory, null, 'alertHistory'),
      intervalMs: durUs(ret.interval, 60_000_000, 'retention.interval') / 1000,
      batchRows: ret.batchRows ?? 5000,
    },
  }
}
