/**
 * Notification bodies: Tokenline's own JSON (`tokenline.alert/v1`), the Alertmanager webhook
 * shape (version "4") so existing receivers (PagerDuty/Slack bridges, Alertmanager-compatible
 * tools) accept Tokenline alerts unchanged, and the alerts Alertmanager's own API takes.
 */
import { createHash } from 'node:crypto'
import { figure } from '../core/diagnosis/explain/text.js'
import { isoFromMicros } from '../core/model/units.js'
import type { Finding } from '../core/model/diagnosis.js'
import type { AlertRecord } from '../storage/slo-store.js'
import type { AlertNotification } from './evaluator.js'
import { recoveryLine, type Recovery } from './explain-recovery.js'

/** Alertmanager's "no end" timestamp. */
const ZERO_TIME = '0001-01-01T00:00:00Z'

/** Stable across retries of one transition: receivers can drop duplicates. */
export function idempotencyKey(n: AlertNotification): string {
  const startsUs = n.record.state.firingSinceUs ?? n.timeUs
  return createHash('sha256')
    .update(`${n.record.key}\u0000${startsUs}\u0000${n.status}`)
    .digest('hex')
    .slice(0, 32)
}

/** Labels of the alert: the rule's own plus alertname, severity, tier and objective. */
export function alertLabels(n: AlertNotification): Record<string, string> {
  const r = n.record
  return {
    ...r.labels,
    alertname: r.key,
    severity: r.severity,
    ...(r.tier === null ? {} : { tier: r.tier }),
    ...(r.objective === null ? {} : { objective: r.objective }),
  }
}

function findingLine(f: Finding): string {
  const scope = f.scope.dimension === null ? 'everywhere' : `${f.scope.dimension}=${f.scope.value}`
  return `${f.cause} (${scope}, confidence ${f.confidence.toFixed(2)})`
}

/**
 * A rule's figures for text ("burn_1h=14.4 burn_5m=–"). One the evaluation could not form (a
 * burn rate over a window without requests) is printed "–", as everywhere else (CONTRACT §4,
 * ADR 0343): left out, the reader of a Slack or PagerDuty summary cannot tell an unmeasured
 * window from a rule that has none. The JSON `detail` keeps it null.
 */
export function detailText(detail: Record<string, number | null>): string {
  return Object.entries(detail)
    .map(([k, v]) => `${k}=${figure(v)}`)
    .join(' ')
}

/** One line saying what is wrong. */
export function summaryOf(n: AlertNotification): string {
  const r = n.record
  const what = r.tier === null ? r.key : `tier ${r.tier} objective ${r.objective}`
  const figures = detailText(r.detail)
  if (n.status === 'firing') {
    return `${what} is breached (${figures})`
  }
  return n.recovery ? `${what} recovered: ${recoveryLine(n.recovery)}` : `${what} recovered`
}

/** The recovery as the JSON body carries it (snake case, like the rest of the body). */
function recoveryBody(r: Recovery): Record<string, unknown> {
  return {
    change: r.change,
    other_changes: r.otherChanges,
    before: r.before,
    after: r.after,
    verdict: r.verdict,
    measures: r.measures,
    stage: r.stage,
    improved_stages: r.improvedStages,
    text: recoveryLine(r),
  }
}

/** Annotations naming the change and the recovered stage (Alertmanager receivers show these). */
function recoveryAnnotations(n: AlertNotification): Record<string, string> {
  const r = n.recovery
  if (n.status !== 'resolved' || !r) {
    return {}
  }
  return {
    recovery: recoveryLine(r),
    ...(r.change === null ? {} : { recovery_change: r.change.description }),
    ...(r.stage === null ? {} : { recovered_stage: r.stage.stage }),
  }
}

function window(n: AlertNotification): { start: string; end: string } | null {
  const w = n.record.diagnosisWindow
  return w === null ? null : { start: isoFromMicros(w.fromUs), end: isoFromMicros(w.toUs) }
}

/** The `tokenline.alert/v1` body. */
export function tokenlinePayload(
  n: AlertNotification,
  externalUrl: string | null
): Record<string, unknown> {
  const r = n.record
  return {
    schema: 'tokenline.alert/v1',
    status: n.status,
    rule: r.key,
    kind: r.kind,
    tier: r.tier,
    objective: r.objective,
    severity: r.severity,
    summary: summaryOf(n),
    labels: alertLabels(n),
    annotations: r.annotations,
    starts_at: isoFromMicros(r.state.firingSinceUs ?? n.timeUs),
    ends_at: n.status === 'resolved' ? isoFromMicros(n.timeUs) : null,
    value: r.state.lastValue,
    detail: r.detail,
    diagnosis_window: window(n),
    findings: r.findings,
    recovery: n.status === 'resolved' && n.recovery ? recoveryBody(n.recovery) : null,
    idempotency_key: idempotencyKey(n),
    ...(externalUrl === null ? {} : { url: `${externalUrl.replace(/\/$/, '')}/#alerts` }),
  }
}

/** The Alertmanager webhook body (version "4") with a single alert. */
export function alertmanagerPayload(
  n: AlertNotification,
  externalUrl: string | null
): Record<string, unknown> {
  const r = n.record
  const labels = alertLabels(n)
  const annotations: Record<string, string> = {
    ...r.annotations,
    summary: r.annotations['summary'] ?? summaryOf(n),
    ...(r.findings.length > 0
      ? {
          findings: r.findings.map(findingLine).join('; '),
          actions: r.findings[0]?.actions.join('; ') ?? '',
        }
      : {}),
    ...recoveryAnnotations(n),
  }
  const groupLabels = { alertname: r.key }
  return {
    version: '4',
    groupKey: `{}:{alertname="${r.key}"}`,
    truncatedAlerts: 0,
    status: n.status,
    receiver: 'tokenline',
    groupLabels,
    commonLabels: labels,
    commonAnnotations: annotations,
    externalURL: externalUrl ?? '',
    alerts: [
      {
        status: n.status,
        labels,
        annotations,
        startsAt: isoFromMicros(r.state.firingSinceUs ?? n.timeUs),
        endsAt: n.status === 'resolved' ? isoFromMicros(n.timeUs) : ZERO_TIME,
        generatorURL: externalUrl === null ? '' : `${externalUrl.replace(/\/$/, '')}/#alerts`,
        fingerprint: idempotencyKey({ ...n, status: 'firing' }).slice(0, 16),
      },
    ],
  }
}

/** One alert as Alertmanager's `POST /api/v2/alerts` takes it (`postableAlert`). */
export interface PostableAlert {
  labels: Record<string, string>
  annotations: Record<string, string>
  startsAt: string
  endsAt: string
  generatorURL?: string
}

/**
 * The dashboard view of an alert: the diagnosis window and the top finding's scope as filters
 * (docs/dashboard.md, "URL"); the alerts list when the alert carries no window.
 */
export function dashboardUrlOf(record: AlertRecord, externalUrl: string): string {
  const base = externalUrl.replace(/\/$/, '')
  const w = record.diagnosisWindow
  if (w === null) {
    return `${base}/#alerts`
  }
  const params = new URLSearchParams({
    from: String(Math.floor(w.fromUs / 1000)),
    to: String(Math.ceil(w.toUs / 1000)),
  })
  const scope = record.findings[0]?.scope
  if (scope?.dimension && scope.value !== null) {
    params.set(scope.dimension, scope.value)
  }
  return `${base}/?${params.toString()}`
}

/**
 * The alert pushed to Alertmanager. Labels identify it there, so they hold only what stays the
 * same from firing to resolved: the rule's labels, `alertname`, `severity`, `tier`, `objective`,
 * `slo` (`tier/objective`) and, once diagnosed at firing, `cause` and `scope` of the top finding.
 * A firing alert ends at `validUntilMs` unless posted again (Prometheus sends `endsAt` the same
 * way, so Alertmanager resolves an alert whose sender went away); a resolved one ends when it
 * recovered.
 */
export function alertmanagerApiAlert(
  n: AlertNotification,
  externalUrl: string | null,
  validUntilMs: number
): PostableAlert {
  const r = n.record
  const top = r.findings[0]
  const labels: Record<string, string> = {
    ...alertLabels(n),
    ...(r.tier === null ? {} : { slo: `${r.tier}/${r.objective ?? ''}` }),
    ...(top === undefined
      ? {}
      : {
          cause: top.cause,
          scope: top.scope.dimension === null ? 'all' : `${top.scope.dimension}=${top.scope.value}`,
        }),
  }
  const evidence = top?.evidence[0]?.text
  const annotations: Record<string, string> = {
    ...r.annotations,
    summary: r.annotations['summary'] ?? summaryOf(n),
    ...(evidence === undefined ? {} : { evidence }),
    ...recoveryAnnotations(n),
    ...(externalUrl === null ? {} : { dashboard_url: dashboardUrlOf(r, externalUrl) }),
  }
  return {
    // Alertmanager refuses empty label values; an empty label is an absent one to it anyway.
    labels: Object.fromEntries(Object.entries(labels).filter(([, v]) => v !== '')),
    annotations,
    startsAt: isoFromMicros(r.state.firingSinceUs ?? n.timeUs),
    endsAt:
      n.status === 'resolved' ? isoFromMicros(n.timeUs) : new Date(validUntilMs).toISOString(),
    ...(externalUrl === null ? {} : { generatorURL: `${externalUrl.replace(/\/$/, '')}/#alerts` }),
  }
}
