import { setTimeout as sleepMs } from 'node:timers/promises'
import { AppError, isAppError } from '../../core/errors.js'
import type { ChangeEvent } from '../../core/model/event.js'
import type { MetricFamilyMeta, MetricSample } from '../../core/model/metric.js'
import type { Span } from '../../core/model/span.js'
import type { IngestSink } from '../pipeline/types.js'

/** Counts of the three kinds of items an input can hold. */
export interface ImportCounts {
  spans: number
  samples: number
  events: number
}

export interface BatcherOptions {
  /** Spans per `submitSpans` call (default 10000: fewer, larger store transactions). */
  batchSpans?: number
  /** Samples per `submitMetrics` call (default 20000). */
  batchSamples?: number
  /** Events per `submitEvents` call (default 5000). */
  batchEvents?: number
  /** Waits on overload; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>
  /** Overload retries per batch before giving up (default 600, ten minutes at 1 s). */
  maxRetries?: number
  /**
   * Batches handed to the sink and not yet stored (default 2): the reader decodes the next
   * batch while the store commits the last one, instead of waiting idle for each commit.
   */
  batchesInFlight?: number
}

/**
 * Gathers decoded items and hands them to the sink in batches, at most `batchesInFlight`
 * unsettled at once: awaiting the oldest is the backpressure (the reader stops while the store
 * is that far behind). On `INGEST_OVERLOADED` it waits the sink's Retry-After and sends the
 * same batch again.
 */
export class ImportBatcher {
  readonly stored: ImportCounts = { spans: 0, samples: 0, events: 0 }
  private spans: Span[] = []
  private samples: MetricSample[] = []
  private families: MetricFamilyMeta[] = []
  private events: ChangeEvent[] = []
  private readonly batchSpans: number
  private readonly batchSamples: number
  private readonly batchEvents: number
  private readonly sleep: (ms: number) => Promise<void>
  private readonly maxRetries: number
  private readonly batchesInFlight: number
  /** Submits not yet settled, oldest first; each settles to its error, or null once stored. */
  private inFlight: Promise<unknown>[] = []

  constructor(
    private readonly sink: IngestSink,
    options: BatcherOptions = {}
  ) {
    this.batchSpans = options.batchSpans ?? 10_000
    this.batchSamples = options.batchSamples ?? 20_000
    this.batchEvents = options.batchEvents ?? 5000
    this.sleep = options.sleep ?? ((ms) => sleepMs(ms))
    this.maxRetries = options.maxRetries ?? 600
    this.batchesInFlight = Math.max(1, options.batchesInFlight ?? 2)
  }

  /** Adds spans (any number: a batch never holds more than `batchSpans`). */
  /**
   * Adds spans, flushing whenever a batch is full. `together` keeps these spans in one batch
   * (one trace: an access-log line's spans), so the trace is not assembled from half of them
   * and then again.
   */
  async addSpans(spans: readonly Span[], together = false): Promise<void> {
    if (together) {
      for (const s of spans) {
        this.spans.push(s)
      }
      if (this.spans.length >= this.batchSpans) {
        await this.flushSpans()
      }
      return
    }
    for (const s of spans) {
      this.spans.push(s)
      if (this.spans.length >= this.batchSpans) {
        await this.flushSpans()
      }
    }
  }

  async addSamples(
    samples: readonly MetricSample[],
    families: readonly MetricFamilyMeta[] = []
  ): Promise<void> {
    for (const s of samples) {
      this.samples.push(s)
    }
    for (const f of families) {
      this.families.push(f)
    }
    if (this.samples.length >= this.batchSamples) {
      await this.flushSamples()
    }
  }

  async addEvents(events: readonly ChangeEvent[]): Promise<void> {
    for (const e of events) {
      this.events.push(e)
    }
    if (this.events.length >= this.batchEvents) {
      await this.flushEvents()
    }
  }

  /** Sends whatever is gathered and waits until all of it is stored. */
  async flush(): Promise<void> {
    await this.flushSpans()
    await this.flushSamples()
    await this.flushEvents()
    while (this.inFlight.length > 0) {
      await this.settleOldest()
    }
  }

  /**
   * Hands a batch to the sink; returns once fewer than `batchesInFlight` batches are unsettled
   * (the backpressure). A failed batch fails the import at the latest at the next send or flush.
   */
  private async send(submit: () => Promise<void>, stored: () => void): Promise<void> {
    // A rejection is kept as a value, so it is never unhandled while it waits to be awaited.
    this.inFlight.push(
      this.retry(submit).then(
        () => {
          stored()
          return null
        },
        (err: unknown) => ({ err })
      )
    )
    while (this.inFlight.length >= this.batchesInFlight) {
      await this.settleOldest()
    }
  }

  private async settleOldest(): Promise<void> {
    const outcome = (await this.inFlight.shift()) as { err: unknown } | null
    if (outcome !== null) {
      throw outcome.err
    }
  }

  private async flushSpans(): Promise<void> {
    if (this.spans.length === 0) {
      return
    }
    const batch = this.spans
    this.spans = []
    await this.send(
      () => this.sink.submitSpans(batch),
      () => (this.stored.spans += batch.length)
    )
  }

  private async flushSamples(): Promise<void> {
    if (this.samples.length === 0 && this.families.length === 0) {
      return
    }
    const batch = this.samples
    const families = dedupeFamilies(this.families)
    this.samples = []
    this.families = []
    await this.send(
      () => this.sink.submitMetrics(batch, families),
      () => (this.stored.samples += batch.length)
    )
  }

  private async flushEvents(): Promise<void> {
    if (this.events.length === 0) {
      return
    }
    const batch = this.events
    this.events = []
    await this.send(
      () => this.sink.submitEvents(batch),
      () => (this.stored.events += batch.length)
    )
  }

  private async retry(submit: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await submit()
        return
      } catch (err) {
        if (!isAppError(err) || err.code !== 'INGEST_OVERLOADED') {
          throw err
        }
        if (attempt >= this.maxRetries) {
          throw new AppError(
            'INGEST_OVERLOADED',
            `the store stayed overloaded through ${this.maxRetries} retries; try again later`,
            { cause: err }
          )
        }
        await this.sleep(Math.max(0.05, err.retryAfterSeconds ?? 1) * 1000)
      }
    }
  }
}

function dedupeFamilies(families: MetricFamilyMeta[]): MetricFamilyMeta[] {
  if (families.length < 2) {
    return families
  }
  const byName = new Map<string, MetricFamilyMeta>()
  for (const f of families) {
    byName.set(f.name, f)
  }
  return [...byName.values()]
}
