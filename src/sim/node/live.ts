import { createServer, type Server } from 'node:http'
import { readErrorMessage, sendWithRetry } from '../../client/send-with-retry.js'
import { authFailedMessage, bearerHeaders, isAuthStatus } from '../../client/server-reply.js'
import { AppError } from '../../core/errors.js'
import type { Logger } from '../../core/logger.js'
import type { MetricFamilyMeta, MetricSample } from '../../core/model/metric.js'
import { createRun, eventJsonLine, type ExpectedOutcome } from '../index.js'

/** How long one batch may keep being retried (429/503) before it counts as failed. */
const POST_DEADLINE_MS = 30_000

export interface LiveOptions {
  scenario: string
  seed: number
  durationMs: number
  /** Base URL of an OTLP/HTTP receiver; traces go to `${otlpUrl}/v1/traces`. */
  otlpUrl?: string
  /** Base URL of Tokenline's API; events go to `${apiUrl}/api/events`. */
  apiUrl?: string
  /** Bearer token (ingest scope) for a server started with `--auth-token-file`. */
  token?: string | null
  /** Serve the current samples at `http://127.0.0.1:${scrapePort}/metrics` (0 = any free port). */
  scrapePort?: number
  /** Virtual seconds per wall second (1 = real time). */
  speed: number
  ratePerSec?: number
  probeShare?: number
  logger: Logger
  now: () => number
  sleep: (ms: number) => Promise<void>
  onProgress?(fraction: number): void
  onScrapeListening?(url: string): void
  signal?: AbortSignal
}

export interface LiveSummary {
  requests: number
  postedBatches: number
  failedPosts: number
  events: number
  scrapeUrl: string | null
  expected: ExpectedOutcome
}

/**
 * Plays a scenario against a running server: OTLP/JSON traces by POST, events to the API, and
 * a `/metrics` endpoint with the latest scrape. The run is placed so that it ends "now": at any
 * wall instant, every timestamp sent is in the past, whatever the speed.
 */
export async function simulateLive(options: LiveOptions): Promise<LiveSummary> {
  const wallStart = options.now()
  const wallMs = options.durationMs / options.speed
  const run = createRun({
    scenario: options.scenario,
    seed: options.seed,
    durationMs: options.durationMs,
    startMs: Math.round(wallStart - options.durationMs + wallMs),
    ...(options.ratePerSec === undefined ? {} : { ratePerSec: options.ratePerSec }),
    ...(options.probeShare === undefined ? {} : { probeShare: options.probeShare }),
  })
  let latest = ''
  let server: Server | null = null
  let scrapeUrl: string | null = null
  if (options.scrapePort !== undefined) {
    server = createServer((req, res) => {
      if (req.url === '/metrics') {
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' })
        res.end(latest)
      } else {
        res.writeHead(404).end()
      }
    })
    await new Promise<void>((resolve) => server!.listen(options.scrapePort, '127.0.0.1', resolve))
    const addr = server.address()
    scrapeUrl = `http://127.0.0.1:${typeof addr === 'object' && addr !== null ? addr.port : options.scrapePort}/metrics`
    options.onScrapeListening?.(scrapeUrl)
  }
  const summary: LiveSummary = {
    requests: 0,
    postedBatches: 0,
    failedPosts: 0,
    events: 0,
    scrapeUrl,
    expected: run.expected,
  }
  // Our server sheds load with 429/503 + Retry-After: wait as told (the replay falls behind
  // real time rather than losing a batch), and count only refusals and timeouts as failed.
  const token = options.token ?? null
  const post = async (url: string, body: string, type: string): Promise<void> => {
    const reply = await sendWithRetry(
      url,
      () => ({ method: 'POST', headers: { 'content-type': type, ...bearerHeaders(token) }, body }),
      { deadlineMs: POST_DEADLINE_MS, now: options.now, sleep: options.sleep }
    )
    // A refused token refuses every later batch too: stop instead of counting each as failed.
    if (
      reply.status === 'failure' &&
      reply.response !== null &&
      isAuthStatus(reply.response.status)
    ) {
      const status = reply.response.status
      throw new AppError(
        'AUTH_FAILED',
        authFailedMessage(status, await readErrorMessage(reply.response), url, token !== null)
      )
    }
    await reply.response?.arrayBuffer()
    if (reply.status === 'success') {
      summary.postedBatches++
    } else if (reply.response !== null) {
      summary.failedPosts++
      options.logger.warn('post rejected', { url, status: reply.response.status })
    } else {
      summary.failedPosts++
      options.logger.warn('post failed', { url, error: reply.error.message })
    }
  }
  try {
    for (const out of run.outputs()) {
      if (options.signal?.aborted) {
        break
      }
      const virtualMs = (out.timeUs - run.epochUs) / 1000
      const dueWall = wallStart + virtualMs / options.speed
      const waitMs = dueWall - options.now()
      if (waitMs > 5) {
        await options.sleep(waitMs)
      }
      if (out.kind === 'requests') {
        summary.requests += out.requests.length
        if (options.otlpUrl !== undefined) {
          await post(
            `${options.otlpUrl.replace(/\/$/, '')}/v1/traces`,
            run.tracesJson(out.requests),
            'application/json'
          )
        }
      } else if (out.kind === 'metrics') {
        latest = prometheusText(out.samples, run.families)
      } else {
        summary.events++
        if (options.apiUrl !== undefined) {
          await post(
            `${options.apiUrl.replace(/\/$/, '')}/api/events`,
            eventJsonLine(out.event) + '\n',
            'application/x-ndjson'
          )
        }
      }
      options.onProgress?.(Math.min(1, virtualMs / options.durationMs))
    }
  } finally {
    if (server !== null) {
      await new Promise<void>((resolve) => server!.close(() => resolve()))
    }
  }
  return summary
}

/**
 * Prometheus text 0.0.4 of one scrape, without timestamps (the scraper stamps them). Lines of
 * one family stay together, as the format requires.
 */
export function prometheusText(
  samples: readonly MetricSample[],
  families: readonly MetricFamilyMeta[]
): string {
  const byFamily = new Map<string, string[]>()
  const typeOf = new Map(families.map((f) => [f.name, f.type]))
  for (const s of samples) {
    const family = typeOf.has(s.name) ? s.name : s.name.replace(/_(bucket|sum|count)$/, '')
    const labels = Object.entries(s.labels)
      .map(
        ([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`
      )
      .join(',')
    let lines = byFamily.get(family)
    if (lines === undefined) {
      lines = [`# TYPE ${family} ${typeOf.get(family) ?? 'untyped'}`]
      byFamily.set(family, lines)
    }
    lines.push(`${s.name}${labels ? `{${labels}}` : ''} ${s.value}`)
  }
  return [...byFamily.values()].map((l) => l.join('\n')).join('\n') + '\n'
}
