/**
 * Delivers alert transitions: always to the server log, and to each configured webhook with
 * retries and exponential backoff. Every attempt of one transition carries the same
 * `Idempotency-Key` header. Deliveries run in the background in order per webhook; `idle()`
 * lets tests and shutdown wait for them.
 */
import type { Logger } from '../core/logger.js'
import type { WebhookTarget } from '../config/slo.js'
import type { AlertNotification } from './evaluator.js'
import { alertmanagerPayload, idempotencyKey, summaryOf, tokenlinePayload } from './payload.js'
import { errorMessage } from '../core/errors.js'

export interface NotifierOptions {
  webhooks: readonly WebhookTarget[]
  logger: Logger
  externalUrl: string | null
  /** Waits between attempts (injected so tests need not sleep). */
  sleep?: (ms: number) => Promise<void>
  fetch?: typeof fetch
}

export interface Notifier {
  notify(n: AlertNotification): void
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

/** Creates a notifier; `notify` never throws and never blocks the caller. */
export function createNotifier(options: NotifierOptions): Notifier {
  const sleep = options.sleep ?? defaultSleep
  const doFetch = options.fetch ?? fetch
  const chains = new Map<string, Promise<void>>()
  const outcomes: DeliveryOutcome[] = []

  async function deliver(target: WebhookTarget, n: AlertNotification): Promise<void> {
    const body = JSON.stringify(
      target.format === 'alertmanager'
        ? alertmanagerPayload(n, options.externalUrl)
        : tokenlinePayload(n, options.externalUrl)
    )
    const key = idempotencyKey(n)
    let lastError: string | null = null
    let attempt: number
    for (attempt = 1; attempt <= target.maxAttempts; attempt++) {
      try {
        const res = await doFetch(target.url, {
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
    outcomes.push({
      url: target.url,
      rule: n.record.key,
      status: n.status,
      delivered: false,
      attempts: Math.min(attempt, target.maxAttempts),
      lastError,
    })
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
      }
      while (outcomes.length > 100) {
        outcomes.shift()
      }
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
