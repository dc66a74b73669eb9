/**
 * Live Prometheus scraping: GETs each target's `/metrics` every interval, parses the text
 * (0.0.4 or OpenMetrics), adds `instance` and `job` labels, and the target's own `replica` and
 * labels when it names them (`scrape-target.ts`), and writes the samples through the IngestSink. Like Prometheus it records a synthetic `up` series (1 scraped, 0 failed) plus
 * `scrape_duration_seconds` and `scrape_samples_scraped`, so a target going away is data too.
 * Failures are logged and never stop the scraper.
 */
import { isAppError } from '../../core/errors.js'
import type { Logger } from '../../core/logger.js'
import type { MetricSample } from '../../core/model/metric.js'
import { microsFromMillis } from '../../core/model/units.js'
import { parsePrometheusText } from '../../core/prom/parse.js'
import { resolveScrapeTarget, type ScrapeTargetSpec } from './target.js'
import type { IngestSink } from '../pipeline/types.js'

/** What Prometheus sends: OpenMetrics preferred, text 0.0.4 accepted. */
export const SCRAPE_ACCEPT =
  'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5'

export interface ScraperOptions {
  /**
   * `http://host:port/metrics`, `http://host:port` (then `/metrics`) or `host:port`, optionally
   * named (`vllm-0=URL`) and labelled (`URL node=gpu-3`); see `scrape-target.ts`.
   */
  targets: ScrapeTargetSpec[]
  intervalMs: number
  /** Per-target request timeout (default: the interval, at most 10 s). */
  timeoutMs?: number
  /** Value of the `job` label (default `tokenline`). */
  job?: string
  sink: IngestSink
  logger: Logger
  /** Epoch ms clock. */
  now: () => number
  fetch?: typeof fetch
  /** Start scraping at once (default true); tests call `scrapeOnce` instead. */
  autoStart?: boolean
  /** Largest body read from a target (default 64 MiB). */
  maxBodyBytes?: number
  /**
   * How far past the scrape's start a sample's own timestamp may lie (`ingest.maxFutureSkewMs`,
   * as for spans over OTLP); without it only the int64 bound applies.
   */
  maxFutureSkewMs?: number
}

export interface ScrapeOutcome {
  target: string
  instance: string
  /** The replica the target was configured as, `null` when unnamed. */
  replica: string | null
  /** `model_name` (or `model`) label values the target's samples carried. */
  models: string[]
  up: boolean
  samples: number
  rejected: number
  durationMs: number
  error: string | null
}

export interface Scraper {
  /** Scrapes every target once, now (also what each interval tick does). */
  scrapeOnce(): Promise<ScrapeOutcome[]>
  /** The last outcome of each target (`null` before its first scrape). */
  status(): (ScrapeOutcome | null)[]
  /** Stops the timer and waits for a scrape in flight. */
  stop(): Promise<void>
}

interface Target {
  url: string
  instance: string
  replica: string | null
  extraLabels: Readonly<Record<string, string>>
  last: ScrapeOutcome | null
  familiesKey: string
}

/** Distinct model names a scrape's samples carry (how a replica's model is known from metrics). */
function modelsOf(samples: readonly MetricSample[]): string[] {
  const models = new Set<string>()
  for (const s of samples) {
    const m = s.labels['model_name'] ?? s.labels['model']
    if (m !== undefined && m !== '') {
      models.add(m)
    }
  }
  return [...models].sort()
}

async function readBody(res: Response, maxBytes: number): Promise<string> {
  const reader = res.body?.getReader()
  if (!reader) {
    return ''
  }
  const chunks: Uint8Array[] = []
  let n = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) {
      break
    }
    n += value.length
    if (n > maxBytes) {
      await reader.cancel()
      throw new Error(`body larger than ${maxBytes} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Creates a scraper (see the file comment); it starts at once unless `autoStart` is false. */
export function createScraper(options: ScraperOptions): Scraper {
  const fetchFn = options.fetch ?? fetch
  const job = options.job ?? 'tokenline'
  const timeoutMs = options.timeoutMs ?? Math.min(options.intervalMs, 10_000)
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024
  const { sink, logger, now } = options
  const targets: Target[] = options.targets.map((spec) => {
    const t = resolveScrapeTarget(spec)
    return {
      url: t.url,
      instance: t.instance,
      replica: t.replica,
      extraLabels: t.labels,
      last: null,
      familiesKey: '',
    }
  })
  let timer: ReturnType<typeof setTimeout> | null = null
  let inFlight: Promise<unknown> | null = null
  let stopped = false

  const scrapeTarget = async (t: Target): Promise<ScrapeOutcome> => {
    const startMs = now()
    const labels = { ...t.extraLabels, instance: t.instance, job }
    let samples: MetricSample[] = []
    let rejected = 0
    let error: string | null = null
    let families: ReturnType<typeof parsePrometheusText>['families'] = []
    try {
      const res = await fetchFn(t.url, {
        headers: { Accept: SCRAPE_ACCEPT },
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!res.ok) {
        await res.body?.cancel()
        throw new Error(`HTTP ${res.status}`)
      }
      const text = await readBody(res, maxBodyBytes)
      const parsed = parsePrometheusText(text, {
        defaultTimeUs: microsFromMillis(startMs),
        extraLabels: labels,
        latestUs:
          options.maxFutureSkewMs === undefined
            ? undefined
            : microsFromMillis(startMs + options.maxFutureSkewMs),
      })
      samples = parsed.samples
      families = parsed.families
      rejected = parsed.rejected.length
      if (rejected > 0) {
        logger.debug('scrape: rejected lines', { target: t.url, first: parsed.rejected[0] })
      }
    } catch (err) {
      const e = err as Error
      error = e.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : e.message
    }
    const durationMs = now() - startMs
    const up = error === null
    const timeUs = microsFromMillis(startMs)
    samples.push(
      { name: 'up', labels, timeUs, value: up ? 1 : 0 },
      { name: 'scrape_duration_seconds', labels, timeUs, value: durationMs / 1000 },
      { name: 'scrape_samples_scraped', labels, timeUs, value: samples.length }
    )
    const key = families.map((f) => `${f.name}:${f.type}`).join(',')
    const newFamilies = key !== t.familiesKey ? families : []
    try {
      await sink.submitMetrics(samples, newFamilies)
      t.familiesKey = key
    } catch (err) {
      // The next scrape brings fresh values; dropping this one is what Prometheus would do too.
      const reason = isAppError(err) ? `${err.code}: ${err.message}` : String(err)
      logger.warn('scrape: could not store samples', { target: t.url, reason })
    }
    if (!up && (t.last === null || t.last.up)) {
      logger.warn('scrape failed', { target: t.url, error })
    } else if (up && t.last !== null && !t.last.up) {
      logger.info('scrape recovered', { target: t.url })
    }
    const outcome: ScrapeOutcome = {
      target: t.url,
      instance: t.instance,
      replica: t.replica,
      models: modelsOf(samples),
      up,
      samples: samples.length - 3,
      rejected,
      durationMs,
      error,
    }
    t.last = outcome
    return outcome
  }

  const scrapeOnce = async (): Promise<ScrapeOutcome[]> => {
    const run = Promise.all(targets.map(scrapeTarget))
    inFlight = run
    try {
      return await run
    } finally {
      if (inFlight === run) {
        inFlight = null
      }
    }
  }

  const tick = (): void => {
    if (stopped) {
      return
    }
    void scrapeOnce()
      .catch((err: unknown) => logger.error('scrape: unexpected failure', { error: String(err) }))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, options.intervalMs)
        }
      })
  }

  if ((options.autoStart ?? true) && targets.length > 0) {
    tick()
  }

  return {
    scrapeOnce,
    status: () => targets.map((t) => t.last),
    async stop() {
      stopped = true
      if (timer) {
        clearTimeout(timer)
      }
      timer = null
      await inFlight?.catch(() => {})
    },
  }
}
