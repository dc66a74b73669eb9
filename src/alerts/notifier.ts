/**
 * Delivers alert transitions: always to the server log, and to each configured webhook with
 * retries and exponential backoff. Every attempt of one transition carries the same
 * `Idempotency-Key` header. Deliveries run in the background in order per webhook; `idle()`
 * lets tests and shutdown wait for them.
 */
import type { Logger } from '../core/logger.js'
import type { WebhookTarget } from '../config/slo.js'
import type { AlertRecord } from '../storage/slo-store.js'
import type { AlertNotification } from './evaluator.js'
import {
  alertmanagerApiAlert,
  alertmanagerPayload,
  idempotencyKey,
  summaryOf,
  tokenlinePayload,
} from './payload.js'
import { errorMessage } from '../core/errors.js'
import type { Micros } from '../core/model/units.js'

export interface NotifierOptions {
  webhooks: readonly WebhookTarget[]
  logger: Logger
  externalUrl: string | null
  /** Waits between attempts (injected so tests need not sleep). */
  sleep?: (ms: number) => Promise<void>
  fetch?: typeof fetch
  /** Epoch ms (the `endsAt` of alerts pushed to Alertmanager); default Date.now. */
  now?: () => number
}

/** Notifications that ended, per receiver format and outcome, since start. */
export interface DeliveryTotal {
  format: WebhookTarget['format']
  outcome: 'delivered' | 'failed'
  count: number
}

export interface Notifier {
  notify(n: AlertNotification): void
  /**
   * Posts the firing alerts among `records` again to each `alertmanager-api` receiver whose
   * `resendIntervalMs` has passed since their last post, as Prometheus re-sends firing alerts.
   */
  resend(records: readonly AlertRecord[]): void
  /** Deliveries that ended since start, by format and outcome. */
  totals(): DeliveryTotal[]
  /** Resolves when every delivery queued so far has finished (delivered or given up). */
  idle(): Promise<void>
  /** Deliveries that ended, with their outcome (newest last, last 100 kept). */
  recent(): DeliveryOutcome[]
}

export interface DeliveryOutcome {
  url: string
  rule: string
  status: 'firing' | 'resolved'
  delivered: boolean
  attempts: number
  lastError: string | null
}

const defaultSleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

/**
 * Alertmanager's alerts endpoint for a receiver URL: the URL itself when it already names
 * `/api/v2/alerts`, else that path under it (`http://alertmanager:9093` is enough).
 */
export function alertmanagerAlertsUrl(url: string): string {
  if (!URL.canParse(url)) {
    return url
  }
  const parsed = new URL(url)
  if (!/\/api\/v2\/alerts\/?$/.test(parsed.pathname)) {
    parsed.pathname = `${parsed.pathname.replace(/\/$/, '')}/api/v2/alerts`
  }
  return parsed.toString()
}

/**
 * How long a pushed firing alert stays valid without a new post: four resend intervals, as
 * Prometheus sets `endsAt` to four times its resend delay ahead.
 */
const VALID_FOR_RESENDS = 4

/** Creates a notifier; `notify` never throws and never blocks the caller. */
export function createNotifier(options: NotifierOptions): Notifier {
  const sleep = options.sleep ?? defaultSleep
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? (() => Date.now())
  const chains = new Map<string, Promise<void>>()
  const outcomes: DeliveryOutcome[] = []
  const totals = new Map<string, DeliveryTotal>()
  /** `alertmanager-api` receiver URL → rule key → when its firing alert was last posted (ms). */
  const lastPosted = new Map<string, Map<string, number>>()

  function count(format: WebhookTarget['format'], outcome: DeliveryTotal['outcome']): void {
    const key = `${format}\u0000${outcome}`
    const known = totals.get(key)
    if (known === undefined) {
      totals.set(key, { format, outcome, count: 1 })
    } else {
      known.count++
    }
  }

  function bodyOf(target: WebhookTarget, n: AlertNotification): string {
    switch (target.format) {
      case 'alertmanager':
        return JSON.stringify(alertmanagerPayload(n, options.externalUrl))
      case 'alertmanager-api':
        return JSON.stringify([
          alertmanagerApiAlert(
            n,
            options.externalUrl,
            now() + VALID_FOR_RESENDS * target.resendIntervalMs
          ),
        ])
      case 'json':
        return JSON.stringify(tokenlinePayload(n, options.externalUrl))
    }
  }

  async function deliver(target: WebhookTarget, n: AlertNotification): Promise<void> {
    const body = bodyOf(target, n)
    const url =
      target.format === 'alertmanager-api' ? alertmanagerAlertsUrl(target.url) : target.url
    const key = idempotencyKey(n)
    let lastError: string | null = null
    let attempt: number
    for (attempt = 1; attempt <= target.maxAttempts; attempt++) {
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': key,
            ...target.headers,
          },
          body,
          signal: AbortSignal.timeout(target.timeoutMs),
        })
        await res.arrayBuffer().catch(() => undefined)
        if (res.ok) {
          count(target.format, 'delivered')
          outcomes.push({
            url: target.url,
            rule: n.record.key,
            status: n.status,
            delivered: true,
            attempts: attempt,
            lastError: null,
          })
          return
        }
        lastError = `HTTP ${res.status}`
        if (!retryable(res.status)) {
          break
        }
      } catch (err) {
        lastError = errorMessage(err)
      }
      if (attempt < target.maxAttempts) {
        await sleep(target.backoffMs * 2 ** (attempt - 1))
      }
    }
    options.logger.error('alert webhook delivery failed', {
      url: redactUrl(target.url),
      rule: n.record.key,
      status: n.status,
      attempts: Math.min(attempt, target.maxAttempts),
      error: lastError === null ? null : lastError.split(target.url).join(redactUrl(target.url)),
    })
    count(target.format, 'failed')
    outcomes.push({
      url: target.url,
      rule: n.record.key,
      status: n.status,
      delivered: false,
      attempts: Math.min(attempt, target.maxAttempts),
      lastError,
    })
  }

  function enqueue(target: WebhookTarget, n: AlertNotification): void {
    if (target.format === 'alertmanager-api') {
      const posted = lastPosted.get(target.url) ?? new Map<string, number>()
      lastPosted.set(target.url, posted)
      if (n.status === 'firing') {
        posted.set(n.record.key, now())
      } else {
        posted.delete(n.record.key)
      }
    }
    const prev = chains.get(target.url) ?? Promise.resolve()
    const next = prev
      .then(() => deliver(target, n))
      .catch((err: unknown) => {
        const message = errorMessage(err)
        options.logger.error('alert webhook delivery crashed', {
          url: redactUrl(target.url),
          error: message.split(target.url).join(redactUrl(target.url)),
        })
      })
    chains.set(target.url, next)
    while (outcomes.length > 100) {
      outcomes.shift()
    }
  }

  return {
    notify(n) {
      const log = n.status === 'firing' ? options.logger.warn : options.logger.info
      log.call(options.logger, `alert ${n.status}: ${summaryOf(n)}`, {
        rule: n.record.key,
        severity: n.record.severity,
        findings: n.record.findings.map((f) => f.cause),
      })
      for (const target of options.webhooks) {
        enqueue(target, n)
      }
    },
    resend(records) {
      const nowMs = now()
      for (const target of options.webhooks) {
        if (target.format !== 'alertmanager-api') {
          continue
        }
        const posted = lastPosted.get(target.url)
        for (const record of records) {
          if (record.state.status !== 'firing') {
            continue
          }
          // A rule firing since before this process started was never posted by it: post now.
          const lastMs = posted?.get(record.key) ?? Number.NEGATIVE_INFINITY
          if (nowMs - lastMs >= target.resendIntervalMs) {
            enqueue(target, { status: 'firing', timeUs: (nowMs * 1000) as Micros, record })
          }
        }
      }
    },
    totals() {
      return [...totals.values()].map((t) => ({ ...t }))
    },
    async idle() {
      await Promise.all(chains.values())
    },
    recent() {
      return [...outcomes]
    },
  }
}

/**
 * A webhook URL as logs may show it: scheme and host only. Slack-style and many other webhook
 * URLs carry their secret in the path or query, so neither is ever logged.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}/…`
  } catch {
    return '(unparsable URL)'
  }
}
