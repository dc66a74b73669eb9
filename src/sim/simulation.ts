import {
  MODELS,
  baseDynamicParams,
  type ControlAction,
  type DynamicParams,
  type ModelProfile,
  type SimConfig,
} from './config.js'
import { createCostModel, type CostModel } from './cost-model.js'
import { MinHeap } from './heap.js'
import { Replica, type ReplicaHost, type ReplicaIdentity } from './replica.js'
import { SimRequest } from './request.js'
import { createRng, randomHex, type Rng } from '../core/stats/seeded-random.js'
import { fillClientStream } from './stream.js'
import { createNames, describeControl, type ClusterNames, type SimChange } from './names.js'
import { pickReplica } from './router.js'
import { sampleRequest } from './workload.js'
import { AppError } from '../core/errors.js'

const EV_ARRIVAL = 0
const EV_CONNECT = 1
const EV_GW_ARRIVE = 2
const EV_ENGINE_QUEUE = 3
const EV_STEP = 4
const EV_WAKE = 5
const EV_PHASE = 6
const EV_CONTROL = 7
const EV_SCRAPE = 8
const EV_REVIVE = 9

interface SimEvent {
  timeUs: number
  seq: number
  type: number
  req: SimRequest | null
  replica: Replica | null
  n: number
}

/** A change the control plane made, on the virtual clock. */
/** What the runner hands out, in virtual-time order. */
export type SimStep =
  | { kind: 'requests'; timeUs: number; requests: SimRequest[] }
  | { kind: 'scrape'; timeUs: number }
  | { kind: 'change'; timeUs: number; change: SimChange }

/**
 * The discrete-event simulation of one platform. Use {@link Simulation.run} to iterate its
 * outputs; state (replicas, gateway, load balancer) stays readable for metrics between steps.
 */
export class Simulation {
  readonly replicas: Replica[] = []
  readonly model: ModelProfile
  readonly names: ClusterNames
  readonly gwInflight: number[]
  sessions = 0
  sessionLimitHits = 0
  params: DynamicParams
  private readonly heap = new MinHeap<SimEvent>()
  private seq = 0
  private nextId = 0
  private readonly rngWork: Rng
  private readonly rngIds: Rng
  private readonly rngEngine: Rng
  private readonly gwQueue: SimRequest[][]
  private gwRr = 0
  private readonly cm: CostModel
  private readonly host: ReplicaHost
  private out: SimRequest[] = []
  private pending: SimStep[] = []
  rrCounter = 0

  constructor(
    readonly config: SimConfig,
    seed: number,
    readonly durationUs: number
  ) {
    const model = MODELS[config.cluster.modelKey]
    if (model === undefined) {
      throw new AppError(
        'SIM_SCENARIO_INVALID',
        `expected a model key (${Object.keys(MODELS).join(', ')}), got "${config.cluster.modelKey}"`
      )
    }
    this.model = model
    const root = createRng(seed)
    this.rngWork = root.fork('workload')
    this.rngIds = root.fork('ids')
    this.rngEngine = root.fork('engine')
    this.names = createNames(root.fork('names'), config)
    this.params = baseDynamicParams(config)
    this.cm = createCostModel(model, config.cluster.gpu, config.engine)
    this.gwInflight = new Array<number>(config.gateway.instances).fill(0)
    this.gwQueue = Array.from({ length: config.gateway.instances }, () => [])
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the host callbacks are plain closures over the simulation
    const sim = this
    this.host = {
      prefixTokens: config.workload.prefixTokens,
      scheduleStep: (r, at) => sim.push(at, EV_STEP, null, r, 0),
      scheduleWake: (r, at) => sim.push(at, EV_WAKE, null, r, 0),
      finished: (req, r) => sim.onFinished(req, r),
      slowFactor: (r) =>
        (config.cluster.versionSpeed[r.id.version] ?? 1) *
        (sim.params.nodeSlowFactor[r.id.nodeIndex] ?? 1),
      prefixStable: () => sim.params.prefixStable,
    }
    const warmStart = -config.engine.warmupMs * 1000 - 60_000_000
    for (let i = 0; i < config.cluster.replicas; i++) {
      this.addReplica(config.cluster.version, warmStart)
    }
  }

  /** Requests waiting in every gateway's admission queue. */
  gatewayQueued(): number {
    let n = 0
    for (const q of this.gwQueue) {
      n += q.length
    }
    return n
  }

  /** The KV cache size of one replica, in blocks. */
  get kvBlocks(): number {
    return this.cm.kvBlocks
  }

  private push(
    timeUs: number,
    type: number,
    req: SimRequest | null,
    replica: Replica | null,
    n: number
  ): void {
    this.heap.push({ timeUs, seq: this.seq++, type, req, replica, n })
  }

  private readonly reserved = new Map<number, ReplicaIdentity>()

  /** Draws (once) the pod name a replica added later will get, so scopes can name it up front. */
  reservePodName(index: number): string {
    let id = this.reserved.get(index)
    if (id === undefined) {
      id = this.names.replica(index, this.config.cluster.version, 0)
      this.reserved.set(index, id)
    }
    return id.pod
  }

  private addReplica(version: string, startedUs: number): Replica {
    const index = this.replicas.length
    const held = this.reserved.get(index)
    const id: ReplicaIdentity =
      held !== undefined && held.version === version
        ? { ...held, startedUs }
        : this.names.replica(index, version, startedUs)
    const r = new Replica(id, this.cm, this.config.engine, this.host, this.rngEngine.fork(id.pod))
    this.replicas.push(r)
    return r
  }

  /** Runs to the end, yielding requests as they finish, scrape ticks and control-plane changes. */
  *run(): Generator<SimStep> {
    const cfg = this.config
    const users = cfg.workload.closedLoopUsers
    if (users > 0) {
      for (let u = 0; u < users; u++) {
        this.push(this.rngWork.exp(cfg.workload.thinkTimeMs * 1000), EV_ARRIVAL, null, null, 1)
      }
    } else {
      this.push(this.nextGapUs(), EV_ARRIVAL, null, null, 0)
    }
    for (const p of cfg.phases) {
      this.push(p.fromUs, EV_PHASE, null, null, 0)
      this.push(p.toUs, EV_PHASE, null, null, 0)
    }
    cfg.control.forEach((c, i) => this.push(c.atUs, EV_CONTROL, null, null, i))
    const scrapeUs = cfg.scrapeIntervalMs * 1000
    for (let t = scrapeUs; t <= this.durationUs; t += scrapeUs) {
      this.push(t, EV_SCRAPE, null, null, 0)
    }

    for (;;) {
      const ev = this.heap.pop()
      if (ev === undefined) {
        break
      }
      // Arrivals stop at the end; requests in flight drain so every trace is complete.
      if (ev.type === EV_ARRIVAL && ev.timeUs >= this.durationUs) {
        continue
      }
      this.dispatch(ev)
      if (this.pending.length > 0) {
        if (this.out.length > 0) {
          yield this.flush(ev.timeUs)
        }
        for (const p of this.pending) {
          yield p
        }
        this.pending = []
      } else if (this.out.length >= 256) {
        yield this.flush(ev.timeUs)
      }
    }
    if (this.out.length > 0) {
      yield this.flush(this.durationUs)
    }
  }

  private flush(timeUs: number): SimStep {
    const requests = this.out
    this.out = []
    return { kind: 'requests', timeUs, requests }
  }

  private dispatch(ev: SimEvent): void {
    const t = ev.timeUs
    switch (ev.type) {
      case EV_ARRIVAL:
        this.onArrival(t, ev.n === 1)
        break
      case EV_CONNECT:
        this.tryConnect(ev.req!, t)
        break
      case EV_GW_ARRIVE:
        this.onGatewayArrive(ev.req!, t)
        break
      case EV_ENGINE_QUEUE:
        this.replicas[ev.req!.replica]!.enqueue(ev.req!, t)
        break
      case EV_STEP:
        ev.replica!.endStep(t)
        break
      case EV_WAKE:
        ev.replica!.wake(t)
        break
      case EV_PHASE:
        this.recomputeParams(t)
        break
      case EV_CONTROL:
        this.applyControl(this.config.control[ev.n]!, t)
        break
      case EV_REVIVE: {
        const r = ev.replica!
        ;(r.id as { startedUs: number }).startedUs = t
        r.setAlive(true, t)
        break
      }
      case EV_SCRAPE:
        this.pending.push({ kind: 'scrape', timeUs: t })
        break
    }
  }

  private recomputeParams(t: number): void {
    const p = baseDynamicParams(this.config)
    for (const ph of this.config.phases) {
      if (t >= ph.fromUs && t < ph.toUs) {
        Object.assign(p, ph.patch)
      }
    }
    this.params = p
  }

  private nextGapUs(): number {
    const p = this.params
    const w = this.config.workload
    let total = 0
    let mult = 0
    for (const tn of w.tenants) {
      total += tn.weight
      mult += tn.weight * (p.tenantRateMultiplier[tn.id] ?? 1)
    }
    const rate = w.ratePerSec * p.rateMultiplier * (mult / total)
    return this.rngWork.exp(1e6 / Math.max(rate, 1e-6))
  }

  private onArrival(t: number, closedLoop: boolean): void {
    if (!closedLoop) {
      this.push(t + this.nextGapUs(), EV_ARRIVAL, null, null, 0)
    }
    const req = new SimRequest()
    req.id = this.nextId++
    req.traceId = randomHex(this.rngIds, 16)
    req.clientStartUs = t
    sampleRequest(req, this.rngWork, this.config, this.params, this.kvBlocks)
    req.closedLoop = closedLoop
    const rng = this.rngWork
    const c = this.config.client
    req.reused = rng.chance(this.params.keepAliveReuse)
    if (req.reused) {
      this.sessions++
      this.afterConnect(req, t)
      return
    }
    req.dnsUs = rng.lognormal(c.dnsMs * 1000, 0.5)
    this.tryConnect(req, t)
  }

  /** A TCP connect attempt; at the load balancer's limit the SYN is dropped and retransmitted. */
  private tryConnect(req: SimRequest, t: number): void {
    if (this.sessions >= this.config.gateway.connectionLimit && req.synRetries < 2) {
      req.synRetries++
      this.sessionLimitHits++
      // Linux SYN retransmits after 1 s, then 2 s more (3 s total); by then a slot is assumed free.
      this.push(t + 1_000_000 * 2 ** (req.synRetries - 1), EV_CONNECT, req, null, 0)
      return
    }
    this.sessions++
    const rng = this.rngWork
    const p = this.params
    const c = this.config.client
    const waitedUs = t - req.clientStartUs
    req.connectUs = waitedUs + req.rttUs * rng.range(1, 1.05)
    req.tlsResumed = rng.chance(p.tlsResumeShare)
    const rtts = req.tlsResumed || c.tlsVersion === '1.3' ? 1 : 2
    const cpuUs = req.tlsResumed ? 150 : rng.lognormal(p.tlsFullHandshakeCpuMs * 1000, 0.3)
    req.tlsUs = rtts * req.rttUs * rng.range(1, 1.05) + cpuUs
    this.afterConnect(req, req.clientStartUs + req.dnsUs + req.connectUs + req.tlsUs)
  }

  private afterConnect(req: SimRequest, t: number): void {
    const rng = this.rngWork
    req.sendUs = rng.lognormal(this.config.client.sendMs * 1000, 0.3) + req.promptTokens * 0.05
    const at =
      Math.max(t, req.clientStartUs + req.dnsUs + req.connectUs + req.tlsUs) +
      req.sendUs +
      req.rttUs / 2
    this.push(at, EV_GW_ARRIVE, req, null, 0)
  }

  private onGatewayArrive(req: SimRequest, t: number): void {
    req.gwArriveUs = t
    const g = this.gwRr++ % this.config.gateway.instances
    req.gateway = g
    if (this.gwInflight[g]! < this.config.gateway.maxConcurrent) {
      this.admit(req, t)
    } else {
      this.gwQueue[g]!.push(req)
    }
  }

  private admit(req: SimRequest, t: number): void {
    const g = this.config.gateway
    const p = this.params
    const rng = this.rngWork
    this.gwInflight[req.gateway]!++
    req.gwAdmitUs = t
    req.authUs = rng.lognormal(g.authMs * 1000, 0.35)
    req.rateLimitUs = rng.lognormal(g.rateLimitMs * 1000, 0.35)
    req.routeUs = rng.lognormal(g.routeMs * 1000, 0.3)
    req.guardrailUs = g.guardrail ? rng.lognormal(g.guardrailMs * 1000, 0.4) : 0
    req.retrievalUs = rng.chance(p.retrievalShare) ? rng.lognormal(p.retrievalMs * 1000, 0.45) : 0
    req.bufferTokens = p.proxyBufferTokens
    req.upstreamStartUs =
      t + req.authUs + req.rateLimitUs + req.routeUs + req.guardrailUs + req.retrievalUs
    let delayUs = rng.range(150, 400)
    let replica = pickReplica(this, req)
    if (rng.chance(g.retryShare) && this.replicas.length > 1) {
      // A connection reset from the first replica; the gateway resends to another one.
      req.retries = 1
      delayUs += rng.range(2000, 6000)
      replica = pickReplica(this, req, replica)
    }
    req.replica = replica.id.index
    req.engineArriveUs = req.upstreamStartUs + delayUs
    const e = this.config.engine
    const frontendUs = e.frontendBaseMs * 1000 + e.frontendUsPerPromptToken * req.promptTokens
    this.push(req.engineArriveUs + frontendUs, EV_ENGINE_QUEUE, req, null, 0)
  }

  private onFinished(req: SimRequest, replica: Replica): void {
    const t = req.engineEndUs
    const gi = req.gateway
    this.gwInflight[gi]!--
    const q = this.gwQueue[gi]!
    if (q.length > 0) {
      this.admit(q.shift()!, t)
    }
    const downUs = this.config.gateway.proxyMs * 1000 + req.rttUs / 2
    if (req.probed) {
      fillClientStream(req, replica, downUs)
    } else {
      req.clientFirstChunkUs = req.firstTokenUs + downUs
      req.clientLastChunkUs = req.engineEndUs + downUs
    }
    req.clientTtfbUs =
      req.bufferTokens > 1
        ? req.engineArriveUs + 2000 + downUs - req.clientStartUs
        : req.clientFirstChunkUs - req.clientStartUs
    this.sessions--
    this.out.push(req)
    if (req.closedLoop && req.clientLastChunkUs < this.durationUs) {
      this.push(
        req.clientLastChunkUs + this.rngWork.exp(this.config.workload.thinkTimeMs * 1000),
        EV_ARRIVAL,
        null,
        null,
        1
      )
    }
  }

  private applyControl(c: ControlAction, t: number): void {
    const before = this.replicas.length
    switch (c.kind) {
      case 'scale':
        for (let i = 0; i < c.add; i++) {
          this.addReplica(this.config.cluster.version, t)
        }
        break
      case 'deploy':
        for (const idx of c.replicaIndexes) {
          const old = this.replicas[idx]
          if (old === undefined) {
            continue
          }
          old.setAlive(false, t)
          // The new pod passed its readiness gate warm: a rollout alone is not a cold start.
          this.addReplica(c.version, t - this.config.engine.warmupMs * 1000)
        }
        break
      case 'restart': {
        const r = this.replicas[c.replicaIndex]
        if (r !== undefined) {
          r.setAlive(false, t)
          this.push(t + c.downMs * 1000, EV_REVIVE, null, r, 0)
        }
        break
      }
      case 'node':
      case 'config':
        break
    }
    const added = this.replicas.slice(before).map((r) => r.id)
    for (const ch of describeControl(
      c,
      t,
      this.config,
      this.replicas.map((r) => r.id),
      added,
      this.names
    )) {
      this.pending.push({ kind: 'change', timeUs: ch.timeUs, change: ch })
    }
  }
}
