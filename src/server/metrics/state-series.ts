/**
 * Series read at scrape time from what the server knows now: the diagnosis of the recent window
 * as `tokenline_finding`, the SLO rules' burn rates as `tokenline_slo_burn_rate`, active alerts
 * as `tokenline_alerts` (Prometheus's `ALERTS`), the alert loop and its notifications, and the
 * health of each scrape target.
 *
 * The diagnosis is the costly part: it runs at most once per `findingsIntervalMs` whatever the
 * number of scrapers, one run at a time; a scrape during a run waits for it, up to `maxWaitMs`,
 * then answers with the previous findings (or none) while the run goes on.
 */
import { errorMessage } from '../../core/errors.js'
import type { Logger } from '../../core/logger.js'
import { runDiagnosis } from '../../core/diagnosis/run-diagnosis.js'
import type { Finding } from '../../core/model/diagnosis.js'
import { microsFromMillis } from '../../core/model/units.js'
import { diagnosisSloTargets } from '../../core/slo/diagnosis-targets.js'
import type { SloService } from '../../alerts/service.js'
import type { ScrapeOutcome } from '../../ingest/scrape/scraper.js'
import type { SpanStore } from '../../storage/span-store.js'
import type { MetricFamily, ScalarSample } from './exposition.js'
import { gaugeFamily } from './instruments.js'
import type { ServerTelemetry } from './telemetry.js'

export interface StateSeriesOptions {
  store: SpanStore
  slo?: SloService | undefined
  logger: Logger
  /** Epoch ms. */
  now: () => number
  telemetry: ServerTelemetry
  /** The scraper's last outcome per target (`null` before its first scrape). */
  scrapeStatus: () => readonly (ScrapeOutcome | null)[]
  /** The diagnosed window, back from now (`metrics.findingsWindowMs`). */
  findingsWindowMs: number
  /** A diagnosis older than this is run again at the next scrape (`metrics.findingsIntervalMs`). */
  findingsIntervalMs: number
  /** How long a scrape waits for a running diagnosis (ms, default {@link DEFAULT_MAX_WAIT_MS}). */
  maxWaitMs?: number
}

/** Well inside Prometheus's default 10 s scrape timeout. */
const DEFAULT_MAX_WAIT_MS = 5_000

interface DiagnosisSnapshot {
  atMs: number
  findings: Finding[]
  requests: number
}

export interface StateSeries {
  families(): Promise<MetricFamily[]>
}

/** The `slo` label: the tier and objective a rule watches, as `tier/objective`. */
function sloLabel(tier: string | null, objective: string | null): string {
  return `${tier ?? ''}/${objective ?? ''}`
}

function findingFamilies(snapshot: DiagnosisSnapshot | null): MetricFamily[] {
  const byKey = new Map<string, ScalarSample>()
  for (const f of snapshot?.findings ?? []) {
    const labels = {
      cause: f.cause,
      scope_dimension: f.scope.dimension ?? '',
      scope_value: f.scope.value ?? '',
    }
    const key = `${labels.cause}\u0000${labels.scope_dimension}\u0000${labels.scope_value}`
    const known = byKey.get(key)
    if (known === undefined || known.value < f.confidence) {
      byKey.set(key, { labels, value: f.confidence })
    }
  }
  return [
    gaugeFamily(
      'tokenline_finding',
      'Confidence (0..1) of each finding of the diagnosis of the recent window, by cause and scope.',
      [...byKey.values()]
    ),
    gaugeFamily(
      'tokenline_diagnosis_requests',
      'Requests in the window the finding series were diagnosed over.',
      snapshot === null ? [] : [{ labels: {}, value: snapshot.requests }]
    ),
    gaugeFamily(
      'tokenline_diagnosis_last_run_timestamp_seconds',
      'When the diagnosis behind the finding series ran.',
      snapshot === null ? [] : [{ labels: {}, value: snapshot.atMs / 1000 }],
      'seconds'
    ),
  ]
}

function sloFamilies(slo: SloService | undefined): MetricFamily[] {
  const burn = new Map<string, ScalarSample>()
  const active: ScalarSample[] = []
  for (const a of slo?.evaluator.alerts() ?? []) {
    if (a.state.status === 'pending' || a.state.status === 'firing') {
      active.push({
        labels: { alertname: a.key, severity: a.severity, alertstate: a.state.status },
        value: 1,
      })
    }
    if (a.kind === 'percentile') {
      continue
    }
    const slo = sloLabel(a.tier, a.objective)
    const allowed = a.detail['allowed_share']
    for (const [key, value] of Object.entries(a.detail)) {
      let window: string | null = null
      let rate: number | null = null
      const burnMatch = /^burn_(.+)$/.exec(key)
      const badMatch = /^bad_share_(.+)$/.exec(key)
      if (burnMatch?.[1] !== undefined) {
        window = burnMatch[1]
        rate = value
      } else if (badMatch?.[1] !== undefined && value !== null && allowed) {
        window = badMatch[1]
        rate = value / allowed
      }
      if (window === null || rate === null || !Number.isFinite(rate)) {
        continue
      }
      burn.set(`${slo}\u0000${window}`, { labels: { slo, window }, value: rate })
    }
  }
  const loop = slo?.stats()
  const notifications = slo?.notifier.totals() ?? []
  return [
    gaugeFamily(
      'tokenline_slo_burn_rate',
      'Error-budget burn rate of each SLO (tier/objective) over each window its alert rules read.',
      [...burn.values()]
    ),
    gaugeFamily(
      'tokenline_alerts',
      'Alert rules pending or firing (1), like the ALERTS series of Prometheus.',
      active
    ),
    {
      name: 'tokenline_alert_evaluations',
      type: 'counter',
      help: 'Passes of the alert evaluation loop, by outcome.',
      samples:
        loop === undefined
          ? []
          : [
              { labels: { outcome: 'ok' }, value: loop.evaluations },
              { labels: { outcome: 'error' }, value: loop.evaluationFailures },
            ],
    },
    {
      name: 'tokenline_alert_notifications',
      type: 'counter',
      help: 'Alert notifications that ended, by receiver format and outcome (delivered, failed).',
      samples: notifications.map((n) => ({
        labels: { format: n.format, outcome: n.outcome },
        value: n.count,
      })),
    },
  ]
}

function scrapeFamilies(status: readonly (ScrapeOutcome | null)[]): MetricFamily[] {
  const up: ScalarSample[] = []
  const duration: ScalarSample[] = []
  const samples: ScalarSample[] = []
  for (const s of status) {
    if (s === null) {
      continue
    }
    const labels = { instance: s.instance, replica: s.replica ?? '' }
    up.push({ labels, value: s.up ? 1 : 0 })
    duration.push({ labels, value: s.durationMs / 1000 })
    samples.push({ labels, value: s.samples })
  }
  return [
    gaugeFamily(
      'tokenline_scrape_target_up',
      'Whether the last scrape of each target succeeded (1) or failed (0).',
      up
    ),
    gaugeFamily(
      'tokenline_scrape_duration_seconds',
      'Duration of the last scrape of each target.',
      duration,
      'seconds'
    ),
    gaugeFamily(
      'tokenline_scrape_samples_scraped',
      'Samples the last scrape of each target returned.',
      samples
    ),
  ]
}

/** Creates the scrape-time series of one server. */
export function createStateSeries(options: StateSeriesOptions): StateSeries {
  const { store, now, telemetry } = options
  const slos = options.slo === undefined ? null : diagnosisSloTargets(options.slo.settings.tiers)
  let snapshot: DiagnosisSnapshot | null = null
  let lastAttemptMs = Number.NEGATIVE_INFINITY
  let running: Promise<void> | null = null

  async function diagnoseNow(): Promise<void> {
    const atMs = now()
    lastAttemptMs = atMs
    try {
      const { diagnosis } = await telemetry.timeDiagnosis('metrics', () =>
        runDiagnosis(store, {
          fromUs: microsFromMillis(atMs - options.findingsWindowMs),
          toUs: microsFromMillis(atMs),
          slos,
        })
      )
      snapshot = { atMs, findings: diagnosis.findings, requests: diagnosis.requests }
    } catch (err) {
      // The last good findings would be stale answers: drop them so the series disappear.
      snapshot = null
      options.logger.warn('diagnosis for /metrics failed', { error: errorMessage(err) })
    }
  }

  async function current(): Promise<DiagnosisSnapshot | null> {
    // A failed run is retried after the same interval as a good one, not at every scrape.
    if (now() - lastAttemptMs >= options.findingsIntervalMs) {
      running ??= diagnoseNow().finally(() => {
        running = null
      })
    }
    if (running !== null) {
      // A slow diagnosis must not make the whole scrape time out (Prometheus would record the
      // server as down): past the wait, answer with the last findings, whose run time is exposed.
      let timer: ReturnType<typeof setTimeout> | undefined
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS)
      })
      await Promise.race([running, waited])
      clearTimeout(timer)
    }
    return snapshot
  }

  return {
    async families() {
      return [
        ...findingFamilies(await current()),
        ...sloFamilies(options.slo),
        ...scrapeFamilies(options.scrapeStatus()),
      ]
    },
  }
}
