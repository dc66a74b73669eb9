/**
 * The bounded queue in front of the store and its single group-committing writer.
 *
 * ```
 * submit(job) ─► admission: items / spans / bytes / expected wait ─► queue ─► writer loop
 *                (429 + Retry-After when any limit would be passed)          │ one write per kind
 *                                                                            ▼ for all queued jobs
 *                            a merged write fails ─► split in halves, write each (bisect) until
 *                            only the guilty job fails (ADR 0044)
 * ```
 *
 * Every job resolves only after its own items are committed, so an acknowledgement is never
 * sent for data that is not stored.
 *
 * Background store work (assembly's request writes) runs on the same writer, between rounds: at
 * most one task after each round while batches wait, so a batch waits behind one bounded task,
 * never behind a backlog of them (ADR 0219).
 */
import { AppError, isAppError } from '../../core/errors.js'

/**
 * Default items per write round: two 2,000-span batches. The store's append of a round is one
 * synchronous stretch of the event loop (about 30 µs per span on an idle core), and every answer,
 * refusals included, waits behind it; 20,000 items held it for 0.6 s idle and several seconds on
 * a saturated host (ADR 0190).
 */
export const DEFAULT_MAX_WRITE_ITEMS = 4000

/**
 * Writer time over which its rate is taken (ms): several checkpoints' worth (one every budget/16
 * of WAL, a few seconds apart at full rate), so the rate includes their stalls at their share.
 */
const RATE_WINDOW_MS = 10_000
/**
 * A writer step taking this many times its own time is a stall (a checkpoint in its commit): in
 * the overload soak a 4,000-span round took ~75 ms at the writer's rate, and the steps behind the
 * waits over 1 s 1.36 s on average (ADR 0287).
 */
const STALL_FACTOR = 3

/** Limits of the queue; each counts what is queued plus what is inside the write in flight. */
export interface WriteQueueLimits {
  /** Spans + samples + events. */
  maxItems: number
  /** Spans only (they are the heavy items). */
  maxSpans: number
  /** Estimated in-memory bytes (see `item-bytes.ts`). */
  maxBytes: number
  /**
   * The expected wait of a new batch (queued items / measured write rate) above which it is
   * refused: it keeps acknowledgements well inside exporters' 10 s timeout.
   */
  maxDelayMs: number
}

/** One submitted batch: its size and how to write a group of batches of its kind. */
export interface QueuedJob<K extends string = string> {
  kind: K
  items: number
  spanCount: number
  bytes: number
  /** When its client must have its answer (epoch ms): refused, not written, once past it. */
  answerByMs?: number
  /** Filled in as it is queued and written: its predicted wait and what it waited behind. */
  timing?: { expectedWaitMs?: number; longestStepMs?: number }
}

interface Entry<J> {
  job: J
  queuedAtMs: number
  /** The longest writer step (a round, a background task) that ran while it waited (ms). */
  longestStepMs: number
  resolve(): void
  reject(err: unknown): void
}

export interface WriteQueue<J extends QueuedJob> {
  /** Throws `INGEST_OVERLOADED` when a batch of this size would be refused (nothing queued). */
  admit(size: Pick<QueuedJob, 'items' | 'spanCount' | 'bytes'>): void
  /**
   * Throws `INGEST_OVERLOADED` when batches have been waiting for the writer longer than
   * `maxDelayMs` for a whole interval (the standing delay, {@link standingDelayMs}): called
   * before a body is read, so a queue that stays behind refuses new bodies before their read
   * and decode, not after.
   */
  admitNew(): void
  /**
   * The shortest wait for the writer (queued → its round started, ms) of the batches whose rounds
   * started in the last full interval of `maxDelayMs`, or how long the oldest batch has waited
   * when no round started for that long. A burst the writer works off
   * within an interval never raises it; a queue that stays behind does (CoDel's sojourn time).
   * 0 while no batch is waiting.
   */
  standingDelayMs(): number
  /** Queues the job; resolves once it is committed, rejects with the store's error or overload. */
  submit(job: J): Promise<void>
  /**
   * Runs `task` (a store write no client waits for) on the writer between two rounds: at most
   * one such task after each round while batches are queued, back to back when none are.
   */
  background<T>(task: () => Promise<T>): Promise<T>
  /** Resolves once nothing is queued or being written. */
  drain(): Promise<void>
  depth(): { items: number; spanCount: number; bytes: number }
}

export interface WriteQueueOptions<J extends QueuedJob> {
  limits: WriteQueueLimits
  now: () => number
  /** Writes jobs of one kind in one store call (one transaction); throws when the write fails. */
  writeGroup(kind: J['kind'], jobs: readonly J[]): Promise<void>
  /** Kinds in the order the writer handles them within one round. */
  kinds: readonly J['kind'][]
  onBackgroundError(err: unknown): void
  /**
   * Items merged into one write round at most (default {@link DEFAULT_MAX_WRITE_ITEMS}): a store
   * append runs on the event loop, and one huge merged write would stall every request for seconds.
   */
  maxWriteItems?: number
  /**
   * A job still waiting for the writer this long after it was queued is refused instead of
   * written (ms, default 5000): its client gets a 429 it can retry well inside the exporters'
   * 10 s timeout, rather than an acknowledgement after it gave up and resent (a duplicate).
   * A write that stalls (a checkpoint, a slow disk) is what makes jobs wait that long.
   */
  maxHoldMs?: number
}

/** Store errors that are not about the data: splitting the write cannot help. */
function isStoreDown(err: unknown): boolean {
  return isAppError(err) && (err.code === 'STORE_UNAVAILABLE' || err.code === 'STORE_LOCKED')
}

/** Creates the queue; the writer runs while there is work and stops when idle. */
export function createWriteQueue<J extends QueuedJob>(
  options: WriteQueueOptions<J>
): WriteQueue<J> {
  const { limits, now, writeGroup, kinds } = options
  const maxWriteItems = options.maxWriteItems ?? DEFAULT_MAX_WRITE_ITEMS
  const maxHoldMs = options.maxHoldMs ?? 5000
  let queue: Entry<J>[] = []
  const depth = { items: 0, spanCount: 0, bytes: 0 }
  let writing: Promise<void> | null = null
  /** Shortest wait of the batches whose rounds started in this interval, and the last's. */
  let intervalStartMs = now()
  let intervalMinWaitMs = Number.POSITIVE_INFINITY
  let standingMs = 0
  let lastRoundStartMs = now()
  const noteRoundStart = (round: readonly Entry<J>[], startedMs: number): void => {
    if (startedMs - intervalStartMs >= limits.maxDelayMs) {
      standingMs = Number.isFinite(intervalMinWaitMs) ? intervalMinWaitMs : 0
      intervalMinWaitMs = Number.POSITIVE_INFINITY
      intervalStartMs = startedMs
    }
    for (const e of round) {
      intervalMinWaitMs = Math.min(intervalMinWaitMs, startedMs - e.queuedAtMs)
      if (e.job.timing !== undefined) {
        e.job.timing.longestStepMs = e.longestStepMs
      }
    }
    lastRoundStartMs = startedMs
  }
  /** A step of the writer that took `ms` delayed every batch still queued by as much. */
  const noteStep = (ms: number): void => {
    for (const e of queue) {
      e.longestStepMs = Math.max(e.longestStepMs, ms)
    }
  }
  const standingDelayMs = (): number => {
    if (queue.length === 0) {
      return 0
    }
    const t = now()
    // A writer stuck in one long write starts no round: the oldest batch's wait is then the delay.
    if (queue.length > 0 && t - lastRoundStartMs >= limits.maxDelayMs) {
      return Math.max(standingMs, t - queue[0]!.queuedAtMs)
    }
    return standingMs
  }
  /** Background tasks waiting for the writer, oldest first. */
  const backlog: (() => Promise<void>)[] = []
  /**
   * The writer's recent steps, newest last: the items of a round and the ms it took together with
   * the background task after it, and the longer of the two. The expected wait is their items
   * over their time: a mean of round rates let a round that met a checkpoint (a few per cent of
   * the rate for a second or more) count as one round among many, not by its time (ADR 0287).
   */
  const steps: { items: number; ms: number; longestMs: number; backgroundMs: number }[] = []
  let stepItems = 0
  let stepMs = 0
  const noteWriterStep = (items: number, roundMs: number, backgroundMs: number): void => {
    const ms = roundMs + backgroundMs
    steps.push({ items, ms, longestMs: Math.max(roundMs, backgroundMs), backgroundMs })
    stepItems += items
    stepMs += ms
    // Keep the newest RATE_WINDOW_MS of writer time (the newest step always).
    while (steps.length > 1 && stepMs - steps[0]!.ms >= RATE_WINDOW_MS) {
      const old = steps.shift()!
      stepItems -= old.items
      stepMs -= old.ms
    }
  }
  /** Items per ms of writer time lately, stalls and background writes included (0: unmeasured). */
  const writeRate = (): number => (stepItems > 0 ? stepItems / Math.max(1, stepMs) : 0)
  /** The step the writer is in now: a round of `items`, or a background task (0 items). */
  let current: { startedMs: number; items: number } | null = null

  /**
   * How much longer the step in progress will hold the writer beyond what the rate counts for
   * it (ms). A round's items are in the depth, a background task's time is not: the rest of a
   * mean one is. A step that has overrun its own time (its items at the rate, or a mean
   * background task) {@link STALL_FACTOR} times is a stall, a checkpoint inside its commit, and
   * every batch queued meanwhile waits the rest of it: the longest step lately less the time
   * already spent. `stalled` says whether the step's own items are then still ahead.
   */
  const stepRemaining = (): { ms: number; stalled: boolean } => {
    if (current === null) {
      return { ms: 0, stalled: false }
    }
    const elapsedMs = now() - current.startedMs
    const rate = writeRate()
    let ownMs: number
    if (current.items > 0) {
      ownMs = rate > 0 ? current.items / rate : Number.POSITIVE_INFINITY
    } else {
      const withBackground = steps.filter((x) => x.backgroundMs > 0)
      ownMs =
        withBackground.length > 0
          ? withBackground.reduce((n, x) => n + x.backgroundMs, 0) / withBackground.length
          : 0
    }
    if (elapsedMs <= STALL_FACTOR * ownMs) {
      return { ms: current.items > 0 ? 0 : Math.max(0, ownMs - elapsedMs), stalled: false }
    }
    const longestMs = steps.reduce((n, x) => Math.max(n, x.longestMs), 0)
    return { ms: Math.max(0, longestMs - elapsedMs), stalled: true }
  }

  /**
   * How long the writer takes to commit `items` more than it holds now (ms; 0 until measured):
   * what it holds at its recent rate, or, while a step stalls, the rest of the stall and then
   * what waits behind it.
   */
  const expectedWaitMs = (items: number): number => {
    const rate = writeRate()
    if (rate <= 0) {
      return 0
    }
    const step = stepRemaining()
    // A stalled round's own items are committed when the stall ends.
    const ahead = depth.items - (step.stalled && current !== null ? current.items : 0)
    return (ahead + items) / rate + step.ms
  }

  /** Why a batch of `size` would be refused now: the rule (for the refusal counts) and the text. */
  const refusal = (
    size: Pick<QueuedJob, 'items' | 'spanCount' | 'bytes'>
  ): { rule: 'queue-limit' | 'queue-expected-wait'; text: string } | null => {
    // An empty queue always takes a batch, so one batch larger than a cap is not refused forever.
    if (depth.items === 0) {
      return null
    }
    if (depth.items + size.items > limits.maxItems) {
      return {
        rule: 'queue-limit',
        text: `${depth.items} items waiting, limit ingest.maxQueueItems ${limits.maxItems}`,
      }
    }
    if (size.spanCount > 0 && depth.spanCount + size.spanCount > limits.maxSpans) {
      return {
        rule: 'queue-limit',
        text: `${depth.spanCount} spans waiting, limit ingest.maxQueueSpans ${limits.maxSpans}`,
      }
    }
    if (depth.bytes + size.bytes > limits.maxBytes) {
      return {
        rule: 'queue-limit',
        text: `${Math.round(depth.bytes / 1048576)} MiB waiting, limit ingest.maxQueueBytes ${Math.round(limits.maxBytes / 1048576)} MiB`,
      }
    }
    if (writeRate() > 0) {
      const waitMs = expectedWaitMs(size.items)
      if (waitMs > limits.maxDelayMs) {
        return {
          rule: 'queue-expected-wait',
          text: `the queue takes ~${Math.round(waitMs)} ms to write, limit ingest.maxQueueDelayMs ${limits.maxDelayMs} ms`,
        }
      }
    }
    return null
  }

  const admit = (size: Pick<QueuedJob, 'items' | 'spanCount' | 'bytes'>): void => {
    const why = refusal(size)
    if (why === null) {
      return
    }
    const drainSeconds = writeRate() > 0 ? expectedWaitMs(0) / 1000 : 2
    const retryAfterSeconds = Math.min(5, Math.max(1, Math.ceil(drainSeconds)))
    throw new AppError(
      'INGEST_OVERLOADED',
      `ingest queue is full: ${why.text}; batch of ${size.items} refused; retry after ${retryAfterSeconds} s`,
      {
        retryAfterSeconds,
        // The zero-size probe at the headers apart from a decoded batch's own check.
        reason: `${size.items === 0 ? 'headers-' : ''}${why.rule}`,
      }
    )
  }

  /** Takes settled jobs out of the depth before their callers hear of it. */
  const release = (entries: readonly Entry<J>[]): void => {
    for (const e of entries) {
      depth.items -= e.job.items
      depth.spanCount -= e.job.spanCount
      depth.bytes -= e.job.bytes
    }
  }

  /** Writes `entries` in one call; on a data error bisects so only the guilty job fails. */
  const writeSettling = async (kind: J['kind'], entries: readonly Entry<J>[]): Promise<number> => {
    try {
      await writeGroup(
        kind,
        entries.map((e) => e.job)
      )
    } catch (err) {
      if (entries.length === 1 || isStoreDown(err)) {
        release(entries)
        for (const e of entries) {
          e.reject(err)
        }
        return 0
      }
      const mid = Math.ceil(entries.length / 2)
      return (
        (await writeSettling(kind, entries.slice(0, mid))) +
        (await writeSettling(kind, entries.slice(mid)))
      )
    }
    release(entries)
    let items = 0
    for (const e of entries) {
      items += e.job.items
      e.resolve()
    }
    return items
  }

  /** Refuses the jobs that waited past `maxHoldMs` or their own answer time. */
  const expire = (): void => {
    const t = now()
    const expiresAt = (e: Entry<J>): number =>
      Math.min(e.queuedAtMs + maxHoldMs, e.job.answerByMs ?? Number.POSITIVE_INFINITY)
    if (!queue.some((e) => t > expiresAt(e))) {
      return
    }
    const expired = queue.filter((e) => t > expiresAt(e))
    queue = queue.filter((e) => t <= expiresAt(e))
    release(expired)
    for (const e of expired) {
      const why =
        t - e.queuedAtMs > maxHoldMs
          ? `waited ${Math.round(t - e.queuedAtMs)} ms for the store, longer than ${maxHoldMs} ms`
          : `waited ${Math.round(t - e.queuedAtMs)} ms for the store, past the time its client must hear back`
      e.reject(
        new AppError(
          'INGEST_OVERLOADED',
          `ingest writer is behind: the batch of ${e.job.items} ${why}; nothing of it was stored; retry after 2 s`,
          { retryAfterSeconds: 2, reason: 'held-too-long' }
        )
      )
    }
  }

  /** The oldest queued jobs up to `maxWriteItems` (always at least one). */
  const takeRound = (): Entry<J>[] => {
    let items = 0
    let take = 0
    while (take < queue.length && (take === 0 || items + queue[take]!.job.items <= maxWriteItems)) {
      items += queue[take]!.job.items
      take++
    }
    const round = take === queue.length ? queue : queue.slice(0, take)
    queue = take === queue.length ? [] : queue.slice(take)
    return round
  }

  /** Runs the oldest background task, if any; returns the ms it took. */
  const runBackground = async (): Promise<number> => {
    const task = backlog.shift()
    if (task === undefined) {
      return 0
    }
    const startedMs = now()
    current = { startedMs, items: 0 }
    // The task settles its own caller; its failure is the caller's, never the writer's.
    await task()
    current = null
    const ms = now() - startedMs
    noteStep(ms)
    return ms
  }

  const writeLoop = async (): Promise<void> => {
    while (queue.length > 0 || backlog.length > 0) {
      expire()
      if (queue.length === 0) {
        await runBackground()
        continue
      }
      const round = takeRound()
      const startedMs = now()
      noteRoundStart(round, startedMs)
      current = { startedMs, items: round.reduce((n, e) => n + e.job.items, 0) }
      let written = 0
      for (const kind of kinds) {
        const entries = round.filter((e) => e.job.kind === kind)
        if (entries.length > 0) {
          written += await writeSettling(kind, entries)
        }
      }
      const roundMs = now() - startedMs
      current = null
      noteStep(roundMs)
      // One background task between two rounds: a batch queued now waits for it too.
      const backgroundMs = await runBackground()
      noteWriterStep(written, roundMs, backgroundMs)
    }
  }

  const startWriter = (): void => {
    if (writing !== null) {
      return
    }
    writing = writeLoop()
      .catch(options.onBackgroundError)
      .finally(() => {
        writing = null
        // Jobs queued while the last write settled start a new loop.
        if (queue.length > 0 || backlog.length > 0) {
          startWriter()
        }
      })
  }

  return {
    admit,
    admitNew() {
      const delayMs = standingDelayMs()
      if (delayMs <= limits.maxDelayMs) {
        return
      }
      const drainSeconds = writeRate() > 0 ? expectedWaitMs(0) / 1000 : delayMs / 1000
      const retryAfterSeconds = Math.min(5, Math.max(1, Math.ceil(drainSeconds)))
      throw new AppError(
        'INGEST_OVERLOADED',
        `ingest writer is behind: batches have waited at least ${Math.round(delayMs)} ms for it lately, limit ingest.maxQueueDelayMs ${limits.maxDelayMs} ms; retry after ${retryAfterSeconds} s`,
        { retryAfterSeconds, reason: 'standing-delay' }
      )
    },
    standingDelayMs,
    submit(job) {
      try {
        admit(job)
      } catch (err) {
        return Promise.reject(err)
      }
      if (queue.length === 0) {
        // Nothing was waiting: whatever delay stood before, the writer has caught up since.
        standingMs = 0
        intervalMinWaitMs = Number.POSITIVE_INFINITY
        intervalStartMs = now()
      }
      if (job.timing !== undefined) {
        job.timing.expectedWaitMs = expectedWaitMs(0)
      }
      return new Promise<void>((resolve, reject) => {
        queue.push({ job, queuedAtMs: now(), longestStepMs: 0, resolve, reject })
        depth.items += job.items
        depth.spanCount += job.spanCount
        depth.bytes += job.bytes
        startWriter()
      })
    },
    background(task) {
      return new Promise((resolve, reject) => {
        // A task that throws before its promise is its caller's failure too, never the writer's.
        backlog.push(() => Promise.resolve().then(task).then(resolve, reject))
        startWriter()
      })
    },
    async drain() {
      while (writing !== null) {
        await writing
      }
    },
    depth() {
      return { ...depth }
    },
  }
}
