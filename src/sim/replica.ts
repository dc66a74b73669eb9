import type { EngineConfig } from './config.js'
import { stepCost, type CostModel } from './cost-model.js'
import {
  Histogram,
  ITL_BUCKETS,
  REQUEST_LATENCY_BUCKETS,
  TTFT_BUCKETS,
  iterationTokenBuckets,
} from './histogram.js'
import { REQ_DECODE, REQ_DONE, REQ_PREFILL, REQ_WAITING, type SimRequest } from './request.js'
import type { Rng } from '../core/stats/seeded-random.js'
import { setNewest } from '../core/lru.js'

const STEP_LOG_SIZE = 1 << 16
const STEP_LOG_MASK = STEP_LOG_SIZE - 1

/** Where a replica runs and what it is called; the simulation fills this in. */
export interface ReplicaIdentity {
  index: number
  pod: string
  node: string
  nodeIndex: number
  gpuIndexes: number[]
  instance: string
  version: string
  startedUs: number
}

/** Cumulative engine counters and histograms, read by the metrics scraper (vLLM families). */
export class EngineStats {
  promptTokens = 0
  generationTokens = 0
  preemptions = 0
  prefixQueries = 0
  prefixHits = 0
  success = 0
  busyUs = 0
  computeUs = 0
  memoryUs = 0
  steps = 0
  readonly ttft = new Histogram(TTFT_BUCKETS)
  readonly itl = new Histogram(ITL_BUCKETS)
  readonly e2e = new Histogram(REQUEST_LATENCY_BUCKETS)
  readonly queue = new Histogram(REQUEST_LATENCY_BUCKETS)
  readonly prefill = new Histogram(REQUEST_LATENCY_BUCKETS)
  readonly decode = new Histogram(REQUEST_LATENCY_BUCKETS)
  readonly inference = new Histogram(REQUEST_LATENCY_BUCKETS)
  readonly iterationTokens: Histogram

  constructor(maxBatchedTokens: number) {
    this.iterationTokens = new Histogram(iterationTokenBuckets(maxBatchedTokens))
  }
}

/** Callbacks from a replica into the simulation. */
export interface ReplicaHost {
  scheduleStep(replica: Replica, atUs: number): void
  scheduleWake(replica: Replica, atUs: number): void
  finished(req: SimRequest, replica: Replica): void
  /** Step-time multiplier from outside the engine (node health, version speed). */
  slowFactor(replica: Replica): number
  prefixStable(): boolean
  prefixTokens: number
}

/**
 * One vLLM-like engine: continuous batching in discrete steps, a paged KV cache with admission
 * and recompute preemption, prefix caching, chunked prefill and an optional batching window.
 * Per step it touches only the requests whose prefill advances; decoding requests are counted,
 * not visited (block growth is tracked by position-in-block classes, finishes by a step map).
 */
export class Replica {
  readonly stats: EngineStats
  alive = true
  private readonly waiting: SimRequest[] = []
  private waitHead = 0
  private readonly resumed: SimRequest[] = []
  private readonly running: SimRequest[] = []
  private readonly prefilling: SimRequest[] = []
  private decoding = 0
  private decodeCtx = 0
  private readonly phaseCount: Int32Array
  private readonly finishAt = new Map<number, SimRequest[]>()
  private freeBlocks: number
  private stepCount = 0
  private readonly stepLog = new Float64Array(STEP_LOG_SIZE)
  private stepping = false
  private wakeAtUs = -1
  private admitCounter = 0
  private readonly prefixCache = new Map<number, true>()
  // The step in flight.
  private planReqs: SimRequest[] = []
  private planChunks: number[] = []
  private planDecoding = 0
  private planStartUs = 0
  private planPrefillTokens = 0
  private readonly bs: number

  constructor(
    readonly id: ReplicaIdentity,
    readonly cm: CostModel,
    readonly engine: EngineConfig,
    private readonly host: ReplicaHost,
    private readonly rng: Rng
  ) {
    this.stats = new EngineStats(engine.maxNumBatchedTokens)
    this.bs = engine.blockSizeTokens
    this.phaseCount = new Int32Array(this.bs)
    this.freeBlocks = cm.kvBlocks
    this.stepLog[0] = id.startedUs
  }

  get numRunning(): number {
    return this.running.length
  }
  get numWaiting(): number {
    return this.waiting.length - this.waitHead + this.resumed.length
  }
  /** Outstanding work used by load-aware routing. */
  get load(): number {
    return this.running.length + this.numWaiting
  }
  get kvUsage(): number {
    return 1 - this.freeBlocks / this.cm.kvBlocks
  }
  hasPrefix(group: number): boolean {
    return this.prefixCache.has(group)
  }

  /** A request reaches the engine queue at `nowUs` (after the frontend). */
  enqueue(req: SimRequest, nowUs: number): void {
    req.state = REQ_WAITING
    req.replica = this.id.index
    req.queuedUs = nowUs
    this.waiting.push(req)
    if (!this.stepping) {
      this.startStep(nowUs)
    }
  }

  /** A batching-window timer fired. */
  wake(nowUs: number): void {
    if (this.wakeAtUs === nowUs) {
      this.wakeAtUs = -1
    }
    if (!this.stepping) {
      this.startStep(nowUs)
    }
  }

  private peekWaiting(): SimRequest | undefined {
    return this.resumed.length > 0 ? this.resumed[0] : this.waiting[this.waitHead]
  }

  private shiftWaiting(): void {
    if (this.resumed.length > 0) {
      this.resumed.shift()
      return
    }
    this.waiting[this.waitHead] = undefined as unknown as SimRequest
    this.waitHead++
    if (this.waitHead > 1024 && this.waitHead * 2 > this.waiting.length) {
      this.waiting.splice(0, this.waitHead)
      this.waitHead = 0
    }
  }

  private windowOpen(nowUs: number): boolean {
    const windowUs = this.engine.batchingWindowMs * 1000
    if (windowUs <= 0 || this.resumed.length > 0) {
      return true
    }
    const head = this.waiting[this.waitHead]
    if (head === undefined) {
      return true
    }
    if (this.numWaiting >= this.engine.batchingPreferredSize) {
      return true
    }
    // Same expression as the timer's, so a wake-up at `at` always opens the window.
    const at = head.queuedUs + windowUs
    if (nowUs >= at) {
      return true
    }
    if (this.wakeAtUs < 0 || this.wakeAtUs > at) {
      this.wakeAtUs = at
      this.host.scheduleWake(this, at)
    }
    return false
  }

  private startStep(nowUs: number): void {
    const bs = this.bs
    const s = this.stepCount + 1
    const key = (bs - (s % bs)) % bs
    // Decoding sequences whose last block is full need one more block this step.
    while (this.phaseCount[key]! > this.freeBlocks && this.running.length > 0) {
      this.preemptOne()
    }
    this.freeBlocks -= this.phaseCount[key]!

    let budget = this.engine.maxNumBatchedTokens - this.decoding
    const reqs = this.planReqs
    const chunks = this.planChunks
    reqs.length = 0
    chunks.length = 0
    let prefillTokens = 0
    let attnPairs = 0
    for (let i = 0; i < this.prefilling.length && budget > 0; i++) {
      const r = this.prefilling[i]!
      const chunk = Math.min(r.remainingPrefill, budget)
      const ctxBefore = r.promptTokens + r.generated - r.remainingPrefill
      reqs.push(r)
      chunks.push(chunk)
      budget -= chunk
      prefillTokens += chunk
      attnPairs += chunk * (ctxBefore + chunk / 2)
    }
    if (this.alive && this.windowOpen(nowUs)) {
      while (budget > 0 && this.running.length < this.engine.maxNumSeqs) {
        const r = this.peekWaiting()
        if (r === undefined) {
          break
        }
        const effPrompt = r.promptTokens + r.generated
        const blocks = Math.ceil((effPrompt + 1) / bs)
        if (blocks > this.freeBlocks) {
          break
        }
        let cached = 0
        if (!r.admitted) {
          r.admitted = true
          r.scheduledUs = nowUs
          if (this.engine.prefixCaching && r.prefixGroup >= 0 && this.host.prefixStable()) {
            if (this.prefixCache.has(r.prefixGroup)) {
              cached = Math.floor(Math.min(this.host.prefixTokens, r.promptTokens - 1) / bs) * bs
            }
            setNewest(this.prefixCache, r.prefixGroup, true, this.engine.prefixCacheEntries)
          }
          r.cachedTokens = cached
          this.stats.prefixQueries += r.promptTokens
          this.stats.prefixHits += cached
        }
        const work = Math.max(1, effPrompt - cached)
        if (!this.engine.chunkedPrefill && work > budget && prefillTokens > 0) {
          break
        }
        this.shiftWaiting()
        this.freeBlocks -= blocks
        r.state = REQ_PREFILL
        r.remainingPrefill = work
        r.admitSeq = ++this.admitCounter
        r.runIdx = this.running.length
        this.running.push(r)
        r.prefillIdx = this.prefilling.length
        this.prefilling.push(r)
        const chunk = this.engine.chunkedPrefill ? Math.min(work, budget) : work
        const ctxBefore = effPrompt - work
        reqs.push(r)
        chunks.push(chunk)
        budget -= chunk
        prefillTokens += chunk
        attnPairs += chunk * (ctxBefore + chunk / 2)
      }
    }
    if (this.decoding === 0 && prefillTokens === 0) {
      this.freeBlocks += this.phaseCount[key]!
      this.stepping = false
      return
    }
    const cost = stepCost(this.cm, {
      prefillTokens,
      prefillAttnPairs: attnPairs,
      decodeTokens: this.decoding,
      decodeCtxTokens: this.decodeCtx,
    })
    const age = nowUs - this.id.startedUs
    const warm =
      age < this.engine.warmupMs * 1000
        ? 1 + (this.engine.warmupSlowdown - 1) * (1 - age / (this.engine.warmupMs * 1000))
        : 1
    const noise =
      this.engine.stepNoiseSigma > 0 ? Math.exp(this.engine.stepNoiseSigma * this.rng.normal()) : 1
    const factor = warm * this.host.slowFactor(this) * noise
    const durationUs = Math.max(1, Math.round(cost.durationUs * factor))
    this.stats.busyUs += durationUs
    // Busy time split by what bound the step, for DCGM's SM_ACTIVE and DRAM_ACTIVE.
    this.stats.computeUs += (cost.computeUs / cost.durationUs) * durationUs
    this.stats.memoryUs += (cost.memoryUs / cost.durationUs) * durationUs
    this.planDecoding = this.decoding
    this.planStartUs = nowUs
    this.planPrefillTokens = prefillTokens
    this.stepping = true
    this.host.scheduleStep(this, nowUs + durationUs)
  }

  /** The step in flight ends at `nowUs`. */
  endStep(nowUs: number): void {
    const st = this.stats
    const step = ++this.stepCount
    this.stats.steps++
    this.stepLog[step & STEP_LOG_MASK] = nowUs
    const dtS = (nowUs - this.planStartUs) / 1e6
    if (this.planDecoding > 0) {
      st.itl.observe(dtS, this.planDecoding)
      st.generationTokens += this.planDecoding
      this.decodeCtx += this.planDecoding
    }
    st.iterationTokens.observe(this.planPrefillTokens + this.planDecoding)
    const done = this.finishAt.get(step)
    if (done !== undefined) {
      this.finishAt.delete(step)
      for (const r of done) {
        if (r.finishStep === step && r.state === REQ_DECODE) {
          this.finish(r, nowUs)
        }
      }
    }
    const reqs = this.planReqs
    const chunks = this.planChunks
    for (let i = 0; i < reqs.length; i++) {
      const r = reqs[i]!
      if (r.state !== REQ_PREFILL) {
        continue
      }
      const chunk = chunks[i]!
      r.remainingPrefill -= chunk
      st.promptTokens += chunk
      if (r.remainingPrefill > 0) {
        continue
      }
      this.removePrefilling(r)
      r.generated++
      st.generationTokens++
      if (r.firstTokenUs === 0) {
        r.firstTokenUs = nowUs
        st.ttft.observe((nowUs - r.engineArriveUs) / 1e6)
      }
      r.segments.push(step, step)
      if (r.generated >= r.outputTokens) {
        this.finish(r, nowUs)
        continue
      }
      r.state = REQ_DECODE
      r.firstStep = step - (r.generated - 1)
      r.finishStep = r.firstStep + r.outputTokens - 1
      const bs = this.bs
      r.phaseKey = (((r.promptTokens - r.firstStep) % bs) + bs) % bs
      this.phaseCount[r.phaseKey]!++
      this.decoding++
      this.decodeCtx += r.promptTokens + r.generated
      let list = this.finishAt.get(r.finishStep)
      if (list === undefined) {
        list = []
        this.finishAt.set(r.finishStep, list)
      }
      list.push(r)
    }
    this.startStep(nowUs)
  }

  private removeRunning(r: SimRequest): void {
    const last = this.running.pop()!
    if (last !== r) {
      this.running[r.runIdx] = last
      last.runIdx = r.runIdx
    }
    r.runIdx = -1
  }

  private removePrefilling(r: SimRequest): void {
    // Prefilling is short and kept in admission order (FCFS chunk assignment).
    this.prefilling.splice(this.prefilling.indexOf(r), 1)
  }

  private leaveDecode(r: SimRequest): number {
    const g = 1 + this.stepCount - r.firstStep
    const ctx = r.promptTokens + g
    this.phaseCount[r.phaseKey]!--
    this.decoding--
    this.decodeCtx -= ctx
    r.generated = g
    const segs = r.segments
    segs[segs.length - 1] = this.stepCount
    return ctx
  }

  private finish(r: SimRequest, nowUs: number): void {
    const ctx = r.state === REQ_DECODE ? this.leaveDecode(r) : r.promptTokens + r.generated
    this.freeBlocks += Math.ceil(ctx / this.bs)
    this.removeRunning(r)
    r.state = REQ_DONE
    r.engineEndUs = nowUs
    const st = this.stats
    st.success++
    st.e2e.observe((nowUs - r.engineArriveUs) / 1e6)
    st.queue.observe((r.scheduledUs - r.queuedUs) / 1e6)
    st.prefill.observe((r.firstTokenUs - r.scheduledUs) / 1e6)
    st.decode.observe((nowUs - r.firstTokenUs) / 1e6)
    st.inference.observe((nowUs - r.scheduledUs) / 1e6)
    this.host.finished(r, this)
  }

  /** Recompute preemption of the most recently admitted running request (vLLM's policy). */
  private preemptOne(): void {
    let victim = this.running[0]!
    for (const r of this.running) {
      if (r.admitSeq > victim.admitSeq) {
        victim = r
      }
    }
    if (victim.state === REQ_DECODE) {
      const ctx = this.leaveDecode(victim)
      this.freeBlocks += Math.ceil(ctx / this.bs)
      victim.finishStep = -1
    } else {
      this.removePrefilling(victim)
      this.freeBlocks += Math.ceil((victim.promptTokens + victim.generated + 1) / this.bs)
    }
    this.removeRunning(victim)
    victim.state = REQ_WAITING
    victim.preemptions++
    this.stats.preemptions++
    this.resumed.unshift(victim)
  }

  /** Time (µs) at which step `step` ended, if it is still in the log. */
  stepEndUs(step: number): number | null {
    if (step > this.stepCount || step <= this.stepCount - STEP_LOG_SIZE || step < 0) {
      return null
    }
    return this.stepLog[step & STEP_LOG_MASK]!
  }

  /** Stops taking new requests (restart); running ones finish. */
  setAlive(alive: boolean, nowUs: number): void {
    this.alive = alive
    if (alive && !this.stepping) {
      this.startStep(nowUs)
    }
  }
}
