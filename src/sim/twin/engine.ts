/**
 * The twin's engine: continuous batching in discrete steps, the way vLLM's scheduler runs, with a
 * step time fitted from the data instead of a GPU profile (see fit.ts):
 *
 * ```
 * decode step µs  = decodeBase + perDecodeSeq · decoding seqs + perKvToken · KV tokens they read
 * prefill step µs = prefillBase + perPrefillToken · P + perPrefillTokenSq · P²   (P prefill tokens)
 * roofline:  step = max(decode step, prefill step)
 * additive:  step = decode step + prefill step
 * ```
 *
 * The roofline is the GPU's shape: a decode step reads the weights and the KV cache
 * (memory-bound), a step with a prompt in it computes (compute-bound), and the slower of the two
 * sets the pace. P² is the prompt's attention over itself. Some engines (and the mock server)
 * add the prompt's cost to the decode step instead; the fit picks the law that replays the
 * window better (ADR 0221).
 *
 * Per step the scheduler fills a token budget: prefill chunks of running requests first (FCFS),
 * then admits waiting requests while fewer than `maxNumSeqs` run and their prompt fits the free KV.
 * A request's first token ends its last prefill step; each later token is one step. KV grows by
 * one token per decoding seq per step. When the next step would not fit the KV cache, the most
 * recently admitted running request is preempted and recomputed, vLLM's policy (ADR 0171): it
 * frees its KV, goes back to the head of the queue, and on re-admission prefills its prompt plus
 * the tokens it had generated (its prefix-cache hit is assumed evicted), then decodes the rest.
 */
import type { Rng } from '../../core/stats/seeded-random.js'
import { sortByKey } from '../../core/stats/sorted.js'

/** How a step's prompt work and its decode work combine (ADR 0221). */
export type StepLawKind = 'roofline' | 'additive'

/** The fitted step-time law of one replica (µs). */
export interface StepModel {
  decodeBaseUs: number
  perDecodeSeqUs: number
  perKvTokenUs: number
  prefillBaseUs: number
  perPrefillTokenUs: number
  /** µs per prefill token², the prompt's attention over itself; 0 when absent. */
  perPrefillTokenSqUs?: number
  /** `roofline` when absent. */
  law?: StepLawKind
}

/** One step's duration under `m` (µs). */
export function stepDurationUs(
  m: StepModel,
  prefillTokens: number,
  decoding: number,
  kvTokens: number
): number {
  const decode = m.decodeBaseUs + m.perDecodeSeqUs * decoding + m.perKvTokenUs * kvTokens
  const prefill =
    prefillTokens > 0
      ? m.prefillBaseUs +
        m.perPrefillTokenUs * prefillTokens +
        (m.perPrefillTokenSqUs ?? 0) * prefillTokens * prefillTokens
      : 0
  return m.law === 'additive' ? Math.max(1, decode + prefill) : Math.max(1, decode, prefill)
}

export interface TwinReplica {
  name: string
  step: StepModel
  /** Concurrent sequences (vLLM `--max-num-seqs`); `Infinity` when unbounded. */
  maxNumSeqs: number
  /** KV cache size in tokens; `Infinity` when not modelled. */
  kvCapacityTokens: number
  /** Token budget of one step (vLLM `--max-num-batched-tokens`). */
  maxBatchedTokens: number
  /** 0 = the main pool, 1 = the pool of a `split`. */
  pool: number
  /**
   * A step time (µs) in place of `step` for steps that carry a prompt, given the prompt's
   * attention pairs (Σ chunk × (context before it + chunk / 2)): a bench runs the twin's engine
   * under another engine's own cost law, to tell the engine's mechanics from the fitted law.
   */
  stepUs?: (prefillTokens: number, decoding: number, kvTokens: number, attnPairs: number) => number
}

export type TwinRouting = 'round_robin' | 'least_loaded' | 'weighted'

export interface TwinCluster {
  replicas: TwinReplica[]
  routing: TwinRouting
  /** Share of requests per replica for `weighted` routing (same order as `replicas`). */
  shares: number[]
  /** Requests with more prompt tokens than this go to pool 1. */
  splitMinPrompt: number | null
}

/** The jobs of one run, struct-of-arrays. Times are µs from the run's start. */
export interface TwinJobs {
  n: number
  /** Engine queue arrival (open loop); ignored in a closed loop. */
  arriveUs: Float64Array
  prompt: Float64Array
  /** Prompt tokens the prefix cache serves. */
  cached: Float64Array
  output: Float64Array
  /** Fixed replica (replay), or -1 for the router to choose. */
  replica: Int32Array
  /**
   * When the router chose (µs from the run's start, at or before `arriveUs`), on the loads the
   * replicas held then; absent, it chooses at the engine queue. A gateway routes before its own
   * stages and the engine's frontend: the requests on their way are not yet anyone's load.
   */
  routeUs?: Float64Array
}

/** A closed loop: `users` clients, each sending its next job `thinkUs` after the last ended. */
export interface ClosedLoop {
  users: number
  thinkUs: number
  /** The clients' first requests go out within one think time after this (0 when absent). */
  fromUs?: number
  /** No job starts after this. */
  untilUs: number
  /**
   * Where the loop paused or changed its clients (ADR 0476): clients send only inside these
   * (sorted, not overlapping; µs from the run's start), as many as each holds. A stretch that
   * starts where the last ended keeps its clients (adding or retiring the difference); after a
   * pause, the clients start again within one think time. Absent: one stretch, `fromUs` to
   * `untilUs`, of `users`.
   */
  stretches?: readonly { fromUs: number; untilUs: number; users: number }[]
}

/**
 * The clients of a closed loop that pauses or steps, each as the span it sends in: a client
 * carried across a step keeps its cycle, as a running client's would.
 */
export function loopClients(
  stretches: readonly { fromUs: number; untilUs: number; users: number }[]
): { fromUs: number; untilUs: number }[] {
  const clients: { fromUs: number; untilUs: number }[] = []
  let active: { fromUs: number; untilUs: number }[] = []
  let lastUntil = -Infinity
  for (const s of stretches) {
    if (s.fromUs !== lastUntil) {
      for (const c of active) {
        c.untilUs = lastUntil
      }
      active = []
    }
    while (active.length > s.users) {
      active.pop()!.untilUs = s.fromUs
    }
    while (active.length < s.users) {
      const c = { fromUs: s.fromUs, untilUs: Infinity }
      clients.push(c)
      active.push(c)
    }
    lastUntil = s.untilUs
  }
  for (const c of active) {
    c.untilUs = lastUntil
  }
  return clients
}

export interface TwinRunResult {
  /** Jobs that ran (all of them in an open loop; those started in a closed loop). */
  ran: number
  arriveUs: Float64Array
  scheduledUs: Float64Array
  /**
   * When the replica's scheduler could first see the job: its arrival at an idle replica, else
   * the end of the step then in flight (where vLLM's V1 engine stamps the queue; ADR 0468).
   */
  pickedUs: Float64Array
  firstTokenUs: Float64Array
  endUs: Float64Array
  replica: Int32Array
  busyUs: Float64Array
  kvPeakTokens: Float64Array
  /** Recompute preemptions per replica. */
  preemptions: Float64Array
  /** The most sequences each replica ran at once. */
  runningPeak: Float64Array
  /** The time the last job ended. */
  spanUs: number
}

interface TwinEvent {
  timeUs: number
  seq: number
  /** 0 arrival of job `idx`, 1 end of a step of replica `idx`, 2 end of its decode run. */
  type: 0 | 1 | 2
  idx: number
  /** For type 2: the replica's `gen` when it was scheduled. */
  gen: number
  /** Where it is in the {@link EventHeap}, −1 when out of it. */
  pos: number
}

function before(a: TwinEvent, b: TwinEvent): boolean {
  return a.timeUs < b.timeUs || (a.timeUs === b.timeUs && a.seq < b.seq)
}

/**
 * The engine's events by (time, push order), each knowing its place, so that a replica's one
 * pending event is moved where it changes instead of left behind. A decode run split by an
 * arrival used to leave its end in `MinHeap` until its time, to be popped and dropped: on the
 * stored 200k window nearly half of all run ends, about 0.8 a job, and they kept the heap at
 * ~60 entries where ≤ 32 replicas have an event pending. Entries are ordered by `timeUs`, then
 * `seq`, distinct for every push, so they pop in the same order however they are laid out.
 */
class EventHeap {
  private readonly items: TwinEvent[] = []

  peek(): TwinEvent | undefined {
    return this.items[0]
  }

  insert(e: TwinEvent): void {
    e.pos = this.items.length
    this.items.push(e)
    this.up(e, e.pos)
  }

  /** Removes the least entry (there must be one). */
  pop(): void {
    const items = this.items
    items[0]!.pos = -1
    const last = items.pop()!
    if (items.length > 0) {
      this.down(last, 0)
    }
  }

  /** Puts `e` (out of the heap) where the least entry was, which leaves it. */
  replaceTop(e: TwinEvent): void {
    this.items[0]!.pos = -1
    this.down(e, 0)
  }

  /** Moves `e` (in the heap) to its place after its time or order changed. */
  update(e: TwinEvent): void {
    const i = e.pos
    if (i > 0 && before(e, this.items[(i - 1) >> 1]!)) {
      this.up(e, i)
    } else {
      this.down(e, i)
    }
  }

  /** `e` into the hole at `from`, climbing while it comes before its parent, not above `top`. */
  private up(e: TwinEvent, from: number, top = 0): void {
    const items = this.items
    let i = from
    while (i > top) {
      const p = (i - 1) >> 1
      const parent = items[p]!
      if (!before(e, parent)) {
        break
      }
      items[i] = parent
      parent.pos = i
      i = p
    }
    items[i] = e
    e.pos = i
  }

  /**
   * `e` into the hole at `from`: the hole goes down to a leaf along the lesser children, one
   * compare a level, and `e` climbs back from there. A replica's next event mostly goes to the
   * back of the queue, so it climbs little, where a sift-down compares twice on every level.
   */
  private down(e: TwinEvent, from: number): void {
    const items = this.items
    const n = items.length
    let i = from
    for (;;) {
      const l = 2 * i + 1
      if (l >= n) {
        break
      }
      const r = l + 1
      const c = r < n && before(items[r]!, items[l]!) ? r : l
      const child = items[c]!
      items[i] = child
      child.pos = i
      i = c
    }
    this.up(e, i, from)
  }
}

/**
 * A run of decode-only steps up to the next finish: nothing can change a replica's batch in
 * between except an arrival, so the steps are added up at once instead of one event each
 * (a decode-bound hour of 32 replicas is ~16M steps). Step j lasts `a + g·j`.
 */
interface DecodeRun {
  startUs: number
  steps: number
  a: number
  g: number
}

/** Time of the first `c` steps of a decode run. */
function runTimeUs(r: DecodeRun, c: number): number {
  return c * r.a + (r.g * c * (c - 1)) / 2
}

/** Steps of the run wholly done `elapsedUs` after it started (0 … steps − 1). */
function stepsDone(r: DecodeRun, elapsedUs: number): number {
  let c =
    r.g > 0
      ? Math.floor((-(r.a - r.g / 2) + Math.sqrt((r.a - r.g / 2) ** 2 + 2 * r.g * elapsedUs)) / r.g)
      : Math.floor(elapsedUs / r.a)
  c = Math.max(0, Math.min(r.steps - 1, c))
  while (c < r.steps - 1 && runTimeUs(r, c + 1) <= elapsedUs) {
    c++
  }
  while (c > 0 && runTimeUs(r, c) > elapsedUs) {
    c--
  }
  return c
}

/**
 * The decoding sequences of one replica by the step that gives each its last token, in typed
 * arrays. A map from step to a list made an array per finish step and, at the start of every
 * decode run, walked all its keys for the nearest one: on an hour of 1.5M jobs at batches of up
 * to ~70 that was the engine's largest cost and much of its garbage.
 *
 * Entries are ordered by (step, the order they were added), the order the map's lists kept. A
 * step that is already past when added (an output under 1.5 tokens) or not a number is never
 * reached; such an entry is held aside, as the map held its key: it still counts in
 * {@link FinishQueue.next} and can be preempted, but never finishes.
 */
class FinishQueue {
  private at = new Float64Array(64)
  private order = new Float64Array(64)
  private job = new Int32Array(64)
  private size = 0
  private added = 0
  private readonly asideAt: number[] = []
  private readonly asideJob: number[] = []
  private asideMin = Infinity

  /** Adds job `j` finishing at step `at`, added at step `now`. */
  add(j: number, at: number, now: number): void {
    if (!(at > now)) {
      this.asideAt.push(at)
      this.asideJob.push(j)
      this.asideMin = Math.min(this.asideMin, at)
      return
    }
    if (this.size === this.at.length) {
      this.grow()
    }
    this.siftUp(this.size++, at, this.added++, j)
  }

  /** The nearest finish step of any entry (`Infinity` with none), as the least key of the map. */
  next(): number {
    return Math.min(this.asideMin, this.size > 0 ? this.at[0]! : Infinity)
  }

  /** Moves the jobs finishing at `step` into `out` in the order they were added; their count. */
  takeAt(step: number, out: Int32Array): number {
    let k = 0
    while (this.size > 0 && this.at[0] === step) {
      out[k++] = this.job[0]!
      this.removeAt(0)
    }
    return k
  }

  /** Entries held, those never reached included. */
  get count(): number {
    return this.size + this.asideJob.length
  }

  /** The job of entry `k` (0 … `count` − 1), in no particular order. */
  jobOf(k: number): number {
    return k < this.size ? this.job[k]! : this.asideJob[k - this.size]!
  }

  /** Removes job `j`'s entry. */
  remove(j: number): void {
    for (let h = 0; h < this.size; h++) {
      if (this.job[h] === j) {
        this.removeAt(h)
        return
      }
    }
    const k = this.asideJob.indexOf(j)
    if (k >= 0) {
      this.asideJob.splice(k, 1)
      this.asideAt.splice(k, 1)
      this.asideMin = this.asideAt.reduce((a, b) => Math.min(a, b), Infinity)
    }
  }

  private before(h: number, at: number, order: number): boolean {
    return this.at[h]! < at || (this.at[h] === at && this.order[h]! < order)
  }

  private siftUp(from: number, at: number, order: number, j: number): void {
    let h = from
    while (h > 0) {
      const p = (h - 1) >> 1
      if (this.before(p, at, order)) {
        break
      }
      this.at[h] = this.at[p]!
      this.order[h] = this.order[p]!
      this.job[h] = this.job[p]!
      h = p
    }
    this.at[h] = at
    this.order[h] = order
    this.job[h] = j
  }

  private removeAt(h0: number): void {
    const last = --this.size
    if (h0 === last) {
      return
    }
    const at = this.at[last]!
    const order = this.order[last]!
    const j = this.job[last]!
    // The last entry goes where the removed one was, then up or down to its place.
    if (h0 > 0 && !this.before((h0 - 1) >> 1, at, order)) {
      this.siftUp(h0, at, order, j)
      return
    }
    let h = h0
    for (;;) {
      const l = 2 * h + 1
      if (l >= last) {
        break
      }
      const r = l + 1
      const c = r < last && this.before(r, this.at[l]!, this.order[l]!) ? r : l
      if (!this.before(c, at, order)) {
        break
      }
      this.at[h] = this.at[c]!
      this.order[h] = this.order[c]!
      this.job[h] = this.job[c]!
      h = c
    }
    this.at[h] = at
    this.order[h] = order
    this.job[h] = j
  }

  private grow(): void {
    const size = this.at.length * 2
    const at = new Float64Array(size)
    const order = new Float64Array(size)
    const job = new Int32Array(size)
    at.set(this.at)
    order.set(this.order)
    job.set(this.job)
    this.at = at
    this.order = order
    this.job = job
  }
}

class ReplicaState {
  waiting: number[] = []
  waitHead = 0
  prefilling: number[] = []
  running = 0
  decoding = 0
  decodeCtx = 0
  kvUsed = 0
  kvPeak = 0
  stepCount = 0
  stepping = false
  /** When the single step in flight ends (a decode run keeps its own instants). */
  stepEndUs = 0
  finishAt = new FinishQueue()
  /** The requests with prompt work in the step in flight and their chunks (`planCount` of them). */
  planReqs = new Int32Array(16)
  planChunks = new Float64Array(16)
  planCount = 0
  planDecoding = 0
  busyUs = 0
  run: DecodeRun | null = null
  /** The one decode run object a replica reuses: at most one is in flight. */
  readonly runSlot: DecodeRun = { startUs: 0, steps: 0, a: 0, g: 0 }
  gen = 0
  /** The replica's one pending step or run end, in the event heap or out of it. */
  readonly ev: TwinEvent = { timeUs: 0, seq: 0, type: 1, idx: 0, gen: 0, pos: -1 }
  preemptions = 0
  runningPeak = 0

  /** Counts `c` decode steps of the current batch as done. */
  advance(c: number): void {
    this.stepCount += c
    this.decodeCtx += c * this.planDecoding
    this.kvUsed += c * this.planDecoding
    if (this.kvUsed > this.kvPeak) {
      this.kvPeak = this.kvUsed
    }
  }

  /** Adds a request and its chunk to the step being planned. */
  plan(j: number, chunk: number): void {
    if (this.planCount === this.planReqs.length) {
      const reqs = new Int32Array(this.planCount * 2)
      const chunks = new Float64Array(this.planCount * 2)
      reqs.set(this.planReqs)
      chunks.set(this.planChunks)
      this.planReqs = reqs
      this.planChunks = chunks
    }
    this.planReqs[this.planCount] = j
    this.planChunks[this.planCount++] = chunk
  }
}

/**
 * Each replica's load as the router reads it (running + waiting), and the least of them. Only an
 * arrival and a finish move a load (an admission or a preemption moves a request between the
 * two), so it is counted there instead of read from the replica's lists for each of 32 replicas
 * for every job; how many replicas hold each load gives the least, where the router's scan can
 * stop, since no replica is less loaded.
 */
export class LoadCounts {
  readonly loads: Int32Array
  least = 0
  private atLoad = new Int32Array(64)

  constructor(replicas: number) {
    this.loads = new Int32Array(replicas)
    this.atLoad[0] = replicas
  }

  /** Moves replica `ri`'s load by `d`. */
  add(ri: number, d: 1 | -1): void {
    const from = this.loads[ri]!
    const to = from + d
    this.loads[ri] = to
    if (to >= this.atLoad.length) {
      const grown = new Int32Array(this.atLoad.length * 2)
      grown.set(this.atLoad)
      this.atLoad = grown
    }
    this.atLoad[from] = this.atLoad[from]! - 1
    this.atLoad[to] = this.atLoad[to]! + 1
    if (to < this.least || (from === this.least && this.atLoad[from] === 0)) {
      this.least = to
    }
  }
}

/**
 * The per-job arrays of a run, taken from buffers the last run left, zeroed: a seeded run of
 * 1.5M jobs allocated ~30 arrays of its length, and every fresh buffer is page faults on its
 * first write, an unmap when freed and a garbage collection its size prompts (a tenth of a 200k
 * window's runs, in the kernel alone). Arrays are handed out in the order asked; `reset` starts
 * the next run over the same buffers, so nothing taken may be kept past it. {@link FRESH} takes
 * new arrays every time, for a caller that keeps a run's arrays.
 */
export class RunScratch {
  private readonly f64 = new BufferPool((n) => new Float64Array(n))
  private readonly i32 = new BufferPool((n) => new Int32Array(n))

  constructor(private readonly reuse = true) {}

  /** Hands every buffer back: whatever was taken before is overwritten by the next run. */
  reset(): void {
    this.f64.used = 0
    this.i32.used = 0
  }

  /** Bytes of the buffers this scratch has made, outgrown ones included. */
  get freshBytes(): number {
    return this.f64.freshBytes + this.i32.freshBytes
  }

  /** `n` zeros, as `new Float64Array(n)`. */
  float64(n: number): Float64Array {
    return this.float64Of(n, 0)
  }

  /** `n` zeros, as `new Int32Array(n)`. */
  int32(n: number): Int32Array {
    return this.int32Of(n, 0)
  }

  /** `n` of `value`, as `new Float64Array(n).fill(value)`, written once instead of twice. */
  float64Of(n: number, value: number): Float64Array {
    return this.reuse ? this.f64.take(n, value) : new Float64Array(n).fill(value)
  }

  /** `n` of `value`, as `new Int32Array(n).fill(value)`, written once instead of twice. */
  int32Of(n: number, value: number): Int32Array {
    return this.reuse ? this.i32.take(n, value) : new Int32Array(n).fill(value)
  }

  /**
   * `n` values left from the last run, for a caller that writes every element before it reads
   * it: a run's 1.5M-job arrays filled with zeros no one reads were a pass over memory each
   * (ADR 0523). The values are the last run's, so reading one unwritten changes the answer;
   * `RunScratch.poisoned` hands out buffers filled with a poison here to catch that in the tests.
   */
  float64Written(n: number): Float64Array {
    return this.reuse ? this.f64.take(n, null) : new Float64Array(n)
  }

  /** As {@link float64Written}, for `Int32Array`. */
  int32Written(n: number): Int32Array {
    return this.reuse ? this.i32.take(n, null) : new Int32Array(n)
  }

  /**
   * A scratch whose buffers taken unwritten ({@link float64Written}, {@link int32Written}) hold
   * `f64Value` and `i32Value` instead of the last run's values: a run on it gives the figures a
   * fresh scratch gives only if every such buffer is written before it is read (the tests).
   */
  static poisoned(f64Value: number, i32Value: number): RunScratch {
    const s = new RunScratch()
    s.f64.poison = f64Value
    s.i32.poison = i32Value
    return s
  }
}

/** One kind of typed array's buffers, handed out in the order asked since the last reset. */
class BufferPool<T extends Float64Array | Int32Array> {
  private readonly buffers: T[] = []
  used = 0
  /** Bytes of the buffers made since this pool was, for the benches and tests. */
  freshBytes = 0
  /** What a buffer taken unwritten holds, for the tests; `null` leaves the last run's values. */
  poison: number | null = null

  constructor(private readonly make: (n: number) => T) {}

  /** `n` elements of `value`, or of whatever they held where `value` is `null`. */
  take(n: number, value: number | null): T {
    const k = this.used++
    const buf = this.buffers[k]
    if (buf === undefined || buf.length < n) {
      // Room for twice the run: a page is only paid for (a fault, then kept) when first written,
      // so the unused end costs address space alone, while a buffer outgrown is thrown away with
      // every page it had written. The fit check's runs at 1x come first; a prediction at up to
      // 2x then runs in the same pages (ADR 0513).
      const fresh = this.make(2 * n + 1024)
      this.buffers[k] = fresh
      this.freshBytes += fresh.byteLength
      const out = fresh.subarray(0, n) as T
      const v = value ?? this.poison
      return v === null || v === 0 ? out : (out.fill(v) as T)
    }
    const out = buf.subarray(0, n) as T
    const v = value ?? this.poison
    return v === null ? out : (out.fill(v) as T)
  }
}

/** New arrays for every run: what a caller gets that keeps a run's arrays past the next. */
export const FRESH = new RunScratch(false)

/** Runs the jobs through the cluster; deterministic for a given `rng` state. */
export function runTwin(
  cluster: TwinCluster,
  jobs: TwinJobs,
  rng: Rng,
  closedLoop: ClosedLoop | null = null,
  /** `false` runs every decode step as its own event (the reference the runs are checked against). */
  decodeRuns = true,
  /** Where the per-job arrays come from; the result's arrays are the scratch's until its reset. */
  scratch: RunScratch = FRESH
): TwinRunResult {
  const n = jobs.n
  const R = cluster.replicas.length
  const states = cluster.replicas.map(() => new ReplicaState())
  const remaining = scratch.float64Written(n)
  const arriveUs = scratch.float64Of(n, NaN)
  const scheduledUs = scratch.float64Of(n, NaN)
  const pickedUs = scratch.float64Of(n, NaN)
  const firstTokenUs = scratch.float64Of(n, NaN)
  const endUs = scratch.float64Of(n, NaN)
  const replicaOf = scratch.int32Of(n, -1)
  // A preempted job comes back as a longer prompt and a shorter output (recompute).
  const copy = (v: Float64Array): Float64Array => {
    if (v.length !== n) {
      return Float64Array.from(v)
    }
    const out = scratch.float64Written(n)
    out.set(v)
    return out
  }
  const effPrompt = copy(jobs.prompt)
  const effOutput = copy(jobs.output)
  const effCached = copy(jobs.cached)
  /** The step that gave a decoding job its first token (of its current admission). */
  const decodeFrom = scratch.float64Written(n)
  const admitSeq = scratch.float64Written(n)
  let admitCounter = 0
  const heap = new EventHeap()
  let seq = 0
  // Handled arrivals are reused: a closed loop pushes one per job.
  const spare: TwinEvent[] = []
  // The event being handled stays at the heap's top until the handler is done, so that the
  // replica's next event can take its place in one pass down the heap (a step's end is mostly
  // followed by the replica's next step) instead of a pop's and a push's.
  let handled: TwinEvent | null = null
  const pushArrival = (timeUs: number, j: number): void => {
    const ev = spare.pop() ?? { timeUs: 0, seq: 0, type: 0, idx: 0, gen: 0, pos: -1 }
    ev.timeUs = timeUs
    ev.seq = seq++
    ev.type = 0
    ev.idx = j
    heap.insert(ev)
  }
  /** Sets replica `ri`'s pending event, where it was (a split run) or anew. */
  const schedule = (ri: number, timeUs: number, type: 1 | 2, gen = 0): void => {
    const ev = states[ri]!.ev
    ev.timeUs = timeUs
    ev.seq = seq++
    ev.type = type
    ev.idx = ri
    ev.gen = gen
    if (ev.pos >= 0) {
      if (ev === handled) {
        handled = null
      }
      heap.update(ev)
    } else if (handled !== null) {
      const done = handled
      handled = null
      heap.replaceTop(ev)
      if (done.type === 0) {
        spare.push(done)
      }
    } else {
      heap.insert(ev)
    }
  }
  const poolLists: number[][] = [[], []]
  cluster.replicas.forEach((r, i) => poolLists[r.pool === 1 ? 1 : 0]!.push(i))
  const pools = poolLists.map((p) => Int32Array.from(p))
  const counts = new LoadCounts(R)
  const loads = counts.loads
  const rrCounter = [0, 0]
  let ran = 0
  let spanUs = 0

  // An open loop's arrivals are sorted already: they are read in order beside the heap instead
  // of through it (1.5M arrivals made every heap operation ~20 levels deep). Pushed first, they
  // used to win every tie with a step event; `<=` below keeps that order.
  let nextArrival = closedLoop === null ? 0 : n
  let clientUntil: Float64Array | null = null
  if (closedLoop === null) {
    ran = n
  } else if (closedLoop.stretches === undefined) {
    const users = Math.min(closedLoop.users, n)
    for (let u = 0; u < users; u++) {
      pushArrival((closedLoop.fromUs ?? 0) + rng.range(0, Math.max(1, closedLoop.thinkUs)), ran++)
    }
  } else {
    // Each job carries its client's end of sending to the job it sends next.
    clientUntil = new Float64Array(n)
    for (const c of loopClients(closedLoop.stretches)) {
      if (ran >= n) {
        break
      }
      clientUntil[ran] = c.untilUs
      pushArrival(c.fromUs + rng.range(0, Math.max(1, closedLoop.thinkUs)), ran++)
    }
  }

  const route = (j: number): number => {
    const fixed = jobs.replica[j]!
    if (fixed >= 0 && fixed < R) {
      return fixed
    }
    const pool =
      cluster.splitMinPrompt !== null &&
      jobs.prompt[j]! > cluster.splitMinPrompt &&
      pools[1]!.length > 0
        ? 1
        : 0
    const members = pools[pool]!.length > 0 ? pools[pool]! : pools[1]!
    if (cluster.routing === 'round_robin') {
      return members[rrCounter[pool]!++ % members.length]!
    }
    if (cluster.routing === 'weighted') {
      let total = 0
      for (const m of members) {
        total += cluster.shares[m] ?? 1
      }
      let x = rng.next() * total
      for (const m of members) {
        x -= cluster.shares[m] ?? 1
        if (x < 0) {
          return m
        }
      }
      return members[members.length - 1]!
    }
    // The least load, the first met from the round-robin's member on (wrapping without a
    // modulo), done at a member holding the least load of the pool's (all replicas') or none.
    const startAt = rrCounter[pool]!++ % members.length
    const floor = members.length === R ? counts.least : 0
    let best = members[startAt]!
    let bestLoad = Infinity
    for (
      let c = 0, k = startAt;
      c < members.length;
      c++, k = k + 1 === members.length ? 0 : k + 1
    ) {
      const m = members[k]!
      const load = loads[m]!
      if (load < bestLoad) {
        if (load === floor) {
          return m
        }
        bestLoad = load
        best = m
      }
    }
    return best
  }

  /** Preempts the most recently admitted running job of replica `ri` (recompute). */
  const preemptOne = (ri: number): void => {
    const s = states[ri]!
    let victim = -1
    let victimAt = -1
    for (const j of s.prefilling) {
      if (admitSeq[j]! > victimAt) {
        victim = j
        victimAt = admitSeq[j]!
      }
    }
    let decodingVictim = false
    for (let k = 0; k < s.finishAt.count; k++) {
      const j = s.finishAt.jobOf(k)
      if (admitSeq[j]! > victimAt) {
        victim = j
        victimAt = admitSeq[j]!
        decodingVictim = true
      }
    }
    if (victim < 0) {
      return
    }
    if (!decodingVictim) {
      s.prefilling = s.prefilling.filter((j) => j !== victim)
      s.kvUsed -= effPrompt[victim]! + 1
    } else {
      s.finishAt.remove(victim)
      const generated = 1 + s.stepCount - decodeFrom[victim]!
      const held = effPrompt[victim]! + generated
      s.kvUsed -= held
      s.decodeCtx -= held
      s.decoding--
      effPrompt[victim] = held
      effOutput[victim] = effOutput[victim]! - generated
    }
    effCached[victim] = 0
    s.running--
    s.preemptions++
    if (s.waitHead > 0) {
      s.waiting[--s.waitHead] = victim
    } else {
      s.waiting.unshift(victim)
    }
  }

  const startStep = (ri: number, now: number): void => {
    const s = states[ri]!
    const spec = cluster.replicas[ri]!
    // Each decoding sequence needs one more KV slot this step.
    while (s.decoding > 0 && s.kvUsed + s.decoding > spec.kvCapacityTokens && s.running > 1) {
      preemptOne(ri)
    }
    let budget = spec.maxBatchedTokens - s.decoding
    s.planCount = 0
    let prefillTokens = 0
    for (let k = 0; k < s.prefilling.length && budget > 0; k++) {
      const j = s.prefilling[k]!
      const chunk = Math.min(remaining[j]!, budget)
      s.plan(j, chunk)
      budget -= chunk
      prefillTokens += chunk
    }
    while (budget > 0 && s.running < spec.maxNumSeqs && s.waitHead < s.waiting.length) {
      const j = s.waiting[s.waitHead]!
      const need = effPrompt[j]! + 1
      // An empty replica admits any request, or one larger than the cache would wait forever.
      // The running sequences' next tokens are kept free too: a request admitted into the last
      // free slots would be the first preempted by the next decode step, its prefill wasted.
      if (s.kvUsed + need + s.decoding > spec.kvCapacityTokens && s.running > 0) {
        break
      }
      s.waitHead++
      if (s.waitHead > 4096 && s.waitHead * 2 > s.waiting.length) {
        s.waiting.splice(0, s.waitHead)
        s.waitHead = 0
      }
      if (scheduledUs[j] !== scheduledUs[j]) {
        scheduledUs[j] = now
      }
      admitSeq[j] = admitCounter++
      s.kvUsed += need
      s.running++
      const work = Math.max(1, effPrompt[j]! - effCached[j]!)
      remaining[j] = work
      s.prefilling.push(j)
      const chunk = Math.min(work, budget)
      s.plan(j, chunk)
      budget -= chunk
      prefillTokens += chunk
    }
    if (s.kvUsed > s.kvPeak) {
      s.kvPeak = s.kvUsed
    }
    if (s.running > s.runningPeak) {
      s.runningPeak = s.running
    }
    if (s.decoding === 0 && prefillTokens === 0) {
      s.stepping = false
      return
    }
    const m = spec.step
    if (prefillTokens === 0) {
      const a = m.decodeBaseUs + m.perDecodeSeqUs * s.decoding + m.perKvTokenUs * s.decodeCtx
      const next = s.finishAt.next()
      // A run stops where the KV cache would overflow: the next step preempts.
      const steps = Math.min(
        next - s.stepCount,
        Math.floor((spec.kvCapacityTokens - s.kvUsed) / Math.max(1, s.decoding))
      )
      if (decodeRuns && a >= 1 && steps > 1 && Number.isFinite(steps)) {
        const run = s.runSlot
        run.startUs = now
        run.steps = steps
        run.a = a
        run.g = m.perKvTokenUs * s.decoding
        const total = runTimeUs(run, steps)
        s.run = run
        s.gen++
        s.planDecoding = s.decoding
        s.busyUs += total
        s.stepping = true
        schedule(ri, now + total, 2, s.gen)
        return
      }
    }
    let durationUs: number
    if (spec.stepUs !== undefined && prefillTokens > 0) {
      let pairs = 0
      for (let k = 0; k < s.planCount; k++) {
        const j = s.planReqs[k]!
        const chunk = s.planChunks[k]!
        pairs += chunk * (effPrompt[j]! - remaining[j]! + chunk / 2)
      }
      durationUs = Math.max(1, spec.stepUs(prefillTokens, s.decoding, s.decodeCtx, pairs))
    } else {
      durationUs = stepDurationUs(m, prefillTokens, s.decoding, s.decodeCtx)
    }
    s.planDecoding = s.decoding
    s.busyUs += durationUs
    s.stepping = true
    s.stepEndUs = now + durationUs
    schedule(ri, now + durationUs, 1)
  }

  const finish = (ri: number, j: number, now: number): void => {
    const s = states[ri]!
    endUs[j] = now
    s.running--
    counts.add(ri, -1)
    s.kvUsed -= effPrompt[j]! + effOutput[j]!
    if (now > spanUs) {
      spanUs = now
    }
    if (closedLoop !== null && ran < n) {
      const next = now + rng.exp(Math.max(1, closedLoop.thinkUs))
      const until = clientUntil === null ? closedLoop.untilUs : clientUntil[j]!
      if (next < until) {
        if (clientUntil !== null) {
          clientUntil[ran] = until
        }
        pushArrival(next, ran++)
      }
    }
  }

  // The jobs a step finishes, read out of the replica's finish queue (endStep does not re-enter).
  let finishing = new Int32Array(64)
  const endStep = (ri: number, now: number): void => {
    const s = states[ri]!
    const step = ++s.stepCount
    s.decodeCtx += s.planDecoding
    s.kvUsed += s.planDecoding
    if (finishing.length < s.decoding) {
      finishing = new Int32Array(Math.max(s.decoding, 2 * finishing.length))
    }
    const finished = s.finishAt.takeAt(step, finishing)
    for (let k = 0; k < finished; k++) {
      const j = finishing[k]!
      s.decoding--
      s.decodeCtx -= effPrompt[j]! + effOutput[j]!
      finish(ri, j, now)
    }
    const reqs = s.planReqs
    const chunks = s.planChunks
    let completed = 0
    for (let k = 0; k < s.planCount; k++) {
      const j = reqs[k]!
      remaining[j] = remaining[j]! - chunks[k]!
      if (remaining[j]! > 0) {
        continue
      }
      completed++
      if (firstTokenUs[j] !== firstTokenUs[j]) {
        firstTokenUs[j] = now
      }
      const out = effOutput[j]!
      if (out <= 1) {
        finish(ri, j, now)
        continue
      }
      s.decoding++
      decodeFrom[j] = step
      s.decodeCtx += effPrompt[j]! + 1
      s.finishAt.add(j, step + Math.round(out) - 1, step)
    }
    if (completed > 0) {
      // Prefill is FCFS, so the finished ones are at the front; kept in place, not copied.
      const p = s.prefilling
      let kept = 0
      for (let k = 0; k < p.length; k++) {
        if (remaining[p[k]!]! > 0) {
          p[kept++] = p[k]!
        }
      }
      // Popped, not cut by `length`: the length setter is a call into the runtime (~0.4 s of a
      // 1M window's command), a pop is inlined (ADR 0523).
      while (p.length > kept) {
        p.pop()
      }
    }
    startStep(ri, now)
  }

  // Routed ahead of the queue: the route instants are read in their own order, each choice made
  // on the loads then.
  const routeUs = closedLoop === null ? (jobs.routeUs ?? null) : null
  let routeOrder: Int32Array | null = null
  // Each routed job's arrival at its replica is known before the run (the later of its route and
  // its queue instants), so the arrivals are read in their own sorted order beside the heap as
  // well instead of going through it, one push and one pop a job in a heap of ~14 events. The
  // heap ordered an arrival by its instant, then by when it was pushed (its route, the `seq` it
  // took then): sorted stably from the route order by instant, the arrivals keep that order among
  // themselves, and the `seq` kept at the route orders an arrival against a step event of the
  // same instant. A NaN instant has no place in a sorted order: such a run pushes its arrivals
  // through the heap as before.
  let arrivalOrder: Int32Array | null = null
  let arrivalAt: Float64Array | null = null
  let arrivalSeq: Float64Array | null = null
  let nextRouted = 0
  if (routeUs !== null) {
    routeOrder = scratch.int32Written(n)
    for (let j = 0; j < n; j++) {
      routeOrder[j] = j
    }
    // Stable: jobs routed at the same instant keep their index order.
    sortByKey(routeOrder, routeUs)
    const at = scratch.float64Written(n)
    let ordered = true
    for (let j = 0; j < n; j++) {
      const t = Math.max(routeUs[j]!, jobs.arriveUs[j]!)
      if (t !== t) {
        ordered = false
        break
      }
      at[j] = t
    }
    if (ordered) {
      arrivalAt = at
      arrivalOrder = scratch.int32Written(n)
      arrivalOrder.set(routeOrder)
      sortByKey(arrivalOrder, arrivalAt)
      arrivalSeq = scratch.float64(n)
    }
  }
  const arrival: TwinEvent = { timeUs: 0, seq: -1, type: 0, idx: 0, gen: 0, pos: -1 }
  for (;;) {
    if (handled !== null) {
      heap.pop()
      if (handled.type === 0) {
        spare.push(handled)
      }
      handled = null
    }
    let ev: TwinEvent | undefined
    const top = heap.peek()
    if (arrivalOrder !== null) {
      // The next event of the heap or of the arrivals, as one heap holding both would pop it.
      const j = nextRouted < n ? arrivalOrder[nextRouted]! : -1
      const arrivalFirst =
        j >= 0 &&
        (top === undefined ||
          arrivalAt![j]! < top.timeUs ||
          (arrivalAt![j] === top.timeUs && arrivalSeq![j]! < top.seq))
      // A route comes before any event at or after its instant; the next arrival is at or after
      // its own route, so an arrival not yet routed is never taken here.
      const until = arrivalFirst ? arrivalAt![j]! : top === undefined ? Infinity : top.timeUs
      if (nextArrival < n && routeUs![routeOrder![nextArrival]!]! <= until) {
        const r = routeOrder![nextArrival++]!
        replicaOf[r] = route(r)
        arrivalSeq![r] = seq++
        continue
      }
      if (arrivalFirst) {
        nextRouted++
        arrival.timeUs = arrivalAt![j]!
        arrival.idx = j
        ev = arrival
      } else {
        ev = top
      }
    } else if (routeOrder !== null) {
      if (
        nextArrival < n &&
        (top === undefined || routeUs![routeOrder[nextArrival]!]! <= top.timeUs)
      ) {
        const j = routeOrder[nextArrival++]!
        replicaOf[j] = route(j)
        pushArrival(Math.max(routeUs![j]!, jobs.arriveUs[j]!), j)
        continue
      }
      ev = top
    } else if (
      nextArrival < n &&
      (top === undefined || jobs.arriveUs[nextArrival]! <= top.timeUs)
    ) {
      arrival.timeUs = jobs.arriveUs[nextArrival]!
      arrival.idx = nextArrival++
      ev = arrival
    } else {
      ev = top
    }
    if (ev === undefined) {
      break
    }
    const { type, idx, timeUs, gen } = ev
    handled = ev === arrival ? null : ev
    if (type === 1) {
      endStep(idx, timeUs)
      continue
    }
    if (type === 2) {
      const s = states[idx]!
      if (s.run !== null && gen === s.gen) {
        s.advance(s.run.steps - 1)
        s.run = null
        endStep(idx, timeUs)
      }
      continue
    }
    const j = idx
    arriveUs[j] = timeUs
    const ri = replicaOf[j]! >= 0 ? replicaOf[j]! : route(j)
    replicaOf[j] = ri
    const s = states[ri]!
    s.waiting.push(j)
    counts.add(ri, 1)
    if (s.run !== null) {
      // The request waits for the step in flight, as it would step by step: split the run there.
      const run = s.run
      const done = stepsDone(run, timeUs - run.startUs)
      s.advance(done)
      s.busyUs -= runTimeUs(run, run.steps) - runTimeUs(run, done + 1)
      s.run = null
      s.gen++
      s.stepEndUs = run.startUs + runTimeUs(run, done + 1)
      pickedUs[j] = s.stepEndUs
      schedule(ri, s.stepEndUs, 1)
    } else if (!s.stepping) {
      pickedUs[j] = timeUs
      startStep(ri, timeUs)
    } else {
      pickedUs[j] = s.stepEndUs
    }
  }
  return {
    ran,
    arriveUs,
    scheduledUs,
    pickedUs,
    firstTokenUs,
    endUs,
    replica: replicaOf,
    busyUs: Float64Array.from(states, (s) => s.busyUs),
    kvPeakTokens: Float64Array.from(states, (s) => s.kvPeak),
    preemptions: Float64Array.from(states, (s) => s.preemptions),
    runningPeak: Float64Array.from(states, (s) => s.runningPeak),
    spanUs,
  }
}
