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
 *
 * The store's checkpoint is the one step too long for any batch to wait behind (~1.4 s for
 * 64 MiB of WAL under overload, ADR 0287), so the writer runs it itself with nothing queued
 * (ADR 0294):
 *
 * ```
 * round ─► WAL past threshold? ─► admission closes (429, Retry-After: queue + checkpoint)
 *                                   │ rounds go on until the queue is empty (≤ maxDelayMs)
 *                                   ▼
 *                                 checkpoint, nobody waiting ─► admission opens
 * ```
 */
import { AppError, isAppError } from '../../core/errors.js'

/**
 * Default items per write round: two 2,000-span batches. The store's append of a round is one
 * synchronous stretch of the event loop (about 30 µs per span on an idle core), and every answer,
 * refusals included, waits behind it; 20,000 items held it for 0.6 s idle and several seconds on
 * a saturated host (ADR 0190).
 */
export const DEFAULT_MAX_WRITE_ITEMS = 4000

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
  /**
   * Has the writer run the store's checkpoint as soon as the batches queued now are written
   * (admission closed meanwhile); resolves once it ran. Without `checkpoint`, resolves at once.
   */
  requestCheckpoint(): Promise<void>
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
  /**
   * The store's checkpoint, for the writer to run between rounds with admission closed and the
   * queue drained instead of inside a batch's commit. Absent: the store checkpoints on its own.
   */
  checkpoint?: StoreCheckpoint
}

/** A store whose checkpoint the writer runs (the store's own is raised out of the way). */
export interface StoreCheckpoint {
  /** Whether the store wants one now (its WAL passed the writer's threshold). */
  isDue(): Promise<boolean>
  /** Folds the WAL into the file; everything it folds is already committed. */
  run(): Promise<void>
}

/** What a checkpoint is expected to take before one was measured (ms). */
const FIRST_CHECKPOINT_MS = 1500

/** After a failed checkpoint the next one is not tried for this long (ms). */
const CHECKPOINT_RETRY_MS = 5000

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
  /** Items per ms the writer achieved lately, for the expected wait and Retry-After. */
  let writeRate = 0
  /**
   * Background ms the writer spent after a round lately (0 for a round with none): each round a
   * new batch waits for costs it this much more than its items at `writeRate`.
   */
  let backgroundMsPerRound = 0

  /**
   * Set from the round that finds the checkpoint due until it has run: every new batch is refused
   * meanwhile, so none is acknowledged after waiting behind it.
   */
  let closedForCheckpoint = false
  let checkpointWaiters: { resolve(): void; reject(err: unknown): void }[] = []
  /** Moving mean of the checkpoints' time (ms), for Retry-After while admission is closed. */
  let checkpointMs = FIRST_CHECKPOINT_MS
  let checkpointRetryAtMs = 0

  /** How long the writer takes to commit `items` more than it holds now (ms; 0 until measured). */
  const expectedWaitMs = (items: number): number => {
    if (writeRate <= 0) {
      return 0
    }
    const total = depth.items + items
    return total / writeRate + Math.ceil(total / maxWriteItems) * backgroundMsPerRound
  }

  /** Why a batch of `size` would be refused now: the rule (for the refusal counts) and the text. */
  const refusal = (
    size: Pick<QueuedJob, 'items' | 'spanCount' | 'bytes'>
  ): { rule: 'queue-limit' | 'queue-expected-wait' | 'checkpoint'; text: string } | null => {
    if (closedForCheckpoint) {
      return {
        rule: 'checkpoint',
        text: `the store is about to fold its write-ahead log into the file (a checkpoint of ~${Math.round(checkpointMs)} ms)`,
      }
    }
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
    if (writeRate > 0) {
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
    const drainSeconds =
      (writeRate > 0 ? expectedWaitMs(0) / 1000 : 2) +
      (closedForCheckpoint ? checkpointMs / 1000 : 0)
    const retryAfterSeconds = Math.min(5, Math.max(1, Math.ceil(drainSeconds)))
    throw new AppError(
      'INGEST_OVERLOADED',
      `ingest ${closedForCheckpoint ? 'is paused' : 'queue is full'}: ${why.text}; batch of ${size.items} refused; retry after ${retryAfterSeconds} s`,
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
    // The task settles its own caller; its failure is the caller's, never the writer's.
    await task()
    const ms = now() - startedMs
    noteStep(ms)
    return ms
  }

  /** Runs the store's checkpoint with the queue empty, then opens admission again. */
  const runCheckpoint = async (run: () => Promise<void>): Promise<void> => {
    const startedMs = now()
    const waiters = checkpointWaiters
    checkpointWaiters = []
    try {
      await run()
      checkpointMs = 0.5 * checkpointMs + 0.5 * (now() - startedMs)
      for (const w of waiters) {
        w.resolve()
      }
    } catch (err) {
      // A checkpoint that cannot run (a full disk) is not tried again after every round.
      checkpointRetryAtMs = now() + CHECKPOINT_RETRY_MS
      for (const w of waiters) {
        w.reject(err)
      }
      if (waiters.length === 0) {
        options.onBackgroundError(err)
      }
    } finally {
      closedForCheckpoint = false
    }
  }

  /** Closes admission when the store's WAL passed its threshold (checked after each step). */
  const closeIfCheckpointDue = async (): Promise<void> => {
    const cp = options.checkpoint
    if (cp === undefined || closedForCheckpoint || now() < checkpointRetryAtMs) {
      return
    }
    if (await cp.isDue()) {
      closedForCheckpoint = true
    }
  }

  const writeLoop = async (): Promise<void> => {
    while (queue.length > 0 || backlog.length > 0 || closedForCheckpoint) {
      expire()
      if (closedForCheckpoint && queue.length === 0) {
        // Before any background task: admission stays closed until this has run.
        if (options.checkpoint !== undefined) {
          await runCheckpoint(() => options.checkpoint!.run())
        } else {
          closedForCheckpoint = false
        }
        continue
      }
      if (queue.length === 0) {
        await runBackground()
        await closeIfCheckpointDue()
        continue
      }
      const round = takeRound()
      const startedMs = now()
      noteRoundStart(round, startedMs)
      let written = 0
      for (const kind of kinds) {
        const entries = round.filter((e) => e.job.kind === kind)
        if (entries.length > 0) {
          written += await writeSettling(kind, entries)
        }
      }
      noteStep(now() - startedMs)
      if (written > 0) {
        const rate = written / Math.max(1, now() - startedMs)
        writeRate = writeRate === 0 ? rate : 0.8 * writeRate + 0.2 * rate
      }
      // One background task between two rounds: a batch queued now waits for it too.
      backgroundMsPerRound = 0.8 * backgroundMsPerRound + 0.2 * (await runBackground())
      await closeIfCheckpointDue()
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
        if (queue.length > 0 || backlog.length > 0 || closedForCheckpoint) {
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
      const drainSeconds = writeRate > 0 ? expectedWaitMs(0) / 1000 : delayMs / 1000
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
    requestCheckpoint() {
      if (options.checkpoint === undefined) {
        return Promise.resolve()
      }
      return new Promise<void>((resolve, reject) => {
        checkpointWaiters.push({ resolve, reject })
        closedForCheckpoint = true
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
