/**
 * Plays one scenario: arrivals (non-homogeneous Poisson with a diurnal ramp and short bursts),
 * a FIFO multi-slot queue per replica, lognormal stage times, and the fault's effect on its own
 * signal. Returns every request's timeline (seconds from the run's start) and the replicas'
 * state at each scrape, from which the writers make the wire formats.
 */
import { type Rng, forkRng } from './rng.js'
import type { ReplicaSpec, Scenario } from './scenario.js'

export interface Req {
  traceId: string
  tenant: string
  region: string
  route: string
  replica: ReplicaSpec
  version: string
  inputTokens: number
  outputTokens: number
  cachedTokens: number
  maxTokens: number
  preempted: boolean
  // client
  clientStartS: number
  dnsS: number
  connectS: number
  tlsS: number
  sendS: number
  rttS: number
  reused: boolean
  tlsResumed: boolean
  firstChunkS: number
  clientEndS: number
  itlMaxS: number
  stalls: number
  chunks: number
  // gateway
  gatewayStartS: number
  gwQueueS: number
  authS: number
  rateLimitS: number
  routeS: number
  guardrailS: number | null
  downstreamS: number | null
  upstreamStartS: number
  gatewayEndS: number
  // engine
  engineArriveS: number
  queueS: number
  frontendS: number
  prefillS: number
  decodeS: number
  slotStartS: number
  engineEndS: number
}

const inWindow = (s: Scenario, t: number): boolean =>
  s.fault !== null && t >= s.fault.startS && t < s.fault.endS

/** Extra offered load that puts demand at 0.75 + 0.15 × magnitude of capacity. */
const overloadFactor = (s: Scenario): number => (0.75 + 0.15 * s.magnitude) / s.utilisation

function rateAt(s: Scenario, t: number, burst: number): number {
  const ramp = 1 - s.rampAmplitude + (2 * s.rampAmplitude * t) / s.durationS
  let r = s.baseRatePerS * ramp * burst
  if (s.kind === 'engine.queue_saturation' && inWindow(s, t)) {
    r *= overloadFactor(s)
  }
  if (s.kind === 'engine.memory_bandwidth' && inWindow(s, t)) {
    r *= 1.3
  }
  return r
}

function versionOf(s: Scenario, replica: ReplicaSpec, index: number, t: number): string {
  if (s.kind === 'version.regression' && s.fault !== null && index % 2 === 0 && inWindow(s, t)) {
    return 'v1.5.0'
  }
  // A rolling deploy that changes nothing: a version that is new but not slower.
  if (s.kind === 'healthy' && s.signals.events && t >= s.durationS / 2 + index * 20) {
    return 'v1.4.3'
  }
  return replica.version
}

/** Arrival times with the tenant that sent each one. */
function arrivals(s: Scenario, rng: Rng): { t: number; tenant: string }[] {
  const out: { t: number; tenant: string }[] = []
  const weights = s.tenants.map((_, i) => 1 / (i + 1))
  const total = weights.reduce((a, b) => a + b, 0)
  const pickTenant = (): string => {
    let u = rng.next() * total
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i] as number
      if (u <= 0) {
        return s.tenants[i] as string
      }
    }
    return s.tenants[0] as string
  }
  const maxRate =
    s.baseRatePerS * (1 + s.rampAmplitude) * 1.25 * Math.max(1, overloadFactor(s) * 1.3)
  let burstUntil = -1
  let t = 0
  while (t < s.durationS) {
    t += rng.exp(maxRate)
    if (t > burstUntil && rng.chance(1 / (300 * maxRate))) {
      burstUntil = t + rng.uniform(15, 45)
    }
    const burst = t < burstUntil ? 1.2 : 1
    if (rng.next() * maxRate < rateAt(s, t, burst)) {
      out.push({ t, tenant: pickTenant() })
    }
  }
  if (s.kind === 'tenant.noisy_neighbor' && s.fault !== null && s.fault.target !== null) {
    const extra = s.baseRatePerS * (overloadFactor(s) - 1)
    for (let u = s.fault.startS + rng.exp(extra); u < s.fault.endS; u += rng.exp(extra)) {
      out.push({ t: u, tenant: s.fault.target })
    }
    out.sort((a, b) => a.t - b.t)
  }
  return out
}

/** Simulates the scenario; deterministic for a given generator state. */
export function playScenario(s: Scenario, parent: Rng): Req[] {
  const rng = forkRng(parent)
  const reqs: Req[] = []
  let rr = 0
  const fault = s.fault
  const regionWeights = s.regions.map((_, i) => (i === 0 ? 2 : 1))
  const farthestRttS = Math.max(...Object.values(s.rttS))
  const routes = ['/v1/chat/completions', '/v1/chat/completions', '/v1/completions']
  const guardrail = rng.chance(0.5)
  for (const a of arrivals(s, rng)) {
    const live = s.replicas.filter((r) => r.joinS <= a.t)
    let replica = live[rr++ % live.length] as ReplicaSpec
    if (s.kind === 'routing.imbalance' && fault !== null && inWindow(s, a.t)) {
      const share = Math.min(0.9, (0.75 + 0.15 * s.magnitude) / (s.utilisation * live.length))
      if (rng.chance(share)) {
        replica = live.find((r) => r.name === fault.target) ?? replica
      }
    }
    const rIndex = s.replicas.indexOf(replica)
    let ru = rng.next() * regionWeights.reduce((x, y) => x + y, 0)
    let region = s.regions[0] as string
    for (let i = 0; i < s.regions.length; i++) {
      ru -= regionWeights[i] as number
      if (ru <= 0) {
        region = s.regions[i] as string
        break
      }
    }
    const faultOn = inWindow(s, a.t)
    // Prompt and output lengths.
    let inputTokens = Math.round(Math.min(32000, Math.max(8, rng.lognormal(s.inputMedian, 0.6))))
    if (s.kind === 'engine.long_prompts' && faultOn && rng.chance(0.35)) {
      inputTokens = Math.round(Math.min(32000, rng.lognormal(2500 * s.magnitude, 0.35)))
    }
    let maxTokens = rng.pick([512, 1024, 2048])
    let outputTokens = Math.round(
      Math.min(maxTokens, Math.max(1, rng.lognormal(s.outputMedian, 0.7)))
    )
    if (s.kind === 'engine.long_generations' && faultOn && rng.chance(0.06)) {
      maxTokens = 8192
      outputTokens = rng.int(3000, 8000)
    }
    let hit = s.prefixHit
    if (s.kind === 'engine.prefix_cache_miss' && faultOn) {
      hit = Math.max(0, 1 - (1 - s.prefixHit) * s.magnitude)
    }
    const cachedTokens = Math.floor(inputTokens * hit * rng.uniform(0.85, 1))
    // Client.
    let rttS = (s.rttS[region] as number) * rng.lognormal(1, 0.15)
    const far = s.fault !== null && region === s.fault.target
    if (s.kind === 'network.high_rtt' && faultOn && far) {
      rttS *= s.magnitude
    }
    if (s.kind === 'standing.far_region' && far) {
      // Four times the farthest region's round trip, not its own: its own draw times four can
      // land at the others' distance (9.5 ms × 4 against 38.7 and 39.6 ms on one draw), and the
      // run then holds no standing condition for the scorer to expect.
      rttS *= (4 * farthestRttS) / (s.rttS[region] as number)
    }
    let reused = rng.chance(s.reuseShare)
    let tlsResumed = !reused && rng.chance(0.5)
    let connectS = reused ? 0 : rttS * rng.lognormal(1, 0.1)
    let tlsS = reused ? 0 : tlsResumed ? rttS + 0.002 : 2 * rttS + 0.004
    if (s.kind === 'network.tls_handshake' && faultOn) {
      reused = false
      tlsResumed = false
      connectS = rttS * rng.lognormal(1, 0.1)
      tlsS = 2 * rttS + 0.02 * s.magnitude * rng.lognormal(1, 0.2)
    }
    if (
      s.kind === 'gateway.connection_limit' &&
      faultOn &&
      rng.chance(Math.min(0.7, 0.1 + 0.1 * s.magnitude))
    ) {
      reused = false
      connectS = rttS + (rng.chance(0.8) ? 1 : 3)
      tlsS = 2 * rttS + 0.004
    }
    const dnsS = reused ? 0 : rng.lognormal(0.003, 0.5)
    const sendS = rng.lognormal(0.0004, 0.3)
    // Gateway.
    const gatewayStartS = a.t + dnsS + connectS + tlsS + sendS + rttS / 2
    let gwQueueS = rng.lognormal(0.0008, 0.5)
    if (s.kind === 'gateway.queueing' && faultOn) {
      gwQueueS += rng.lognormal(0.1 * s.magnitude, 0.6)
    }
    const authS = rng.lognormal(0.002, 0.4)
    const rateLimitS = rng.lognormal(0.0008, 0.3)
    const routeS = rng.lognormal(0.0006, 0.3)
    const guardrailS = guardrail ? rng.lognormal(0.012, 0.4) : null
    let downstreamS = s.retrieval ? rng.lognormal(0.035, 0.4) : null
    if (downstreamS !== null && s.kind === 'downstream.dependency' && faultOn) {
      downstreamS = rng.lognormal(0.035 * s.magnitude, 0.6)
    }
    const upstreamStartS =
      gatewayStartS +
      gwQueueS +
      authS +
      rateLimitS +
      routeS +
      (guardrailS ?? 0) +
      (downstreamS ?? 0)
    reqs.push({
      traceId: rng.hex(32),
      tenant: a.tenant,
      region,
      route: rng.pick(routes),
      replica,
      version: versionOf(s, replica, rIndex, a.t),
      inputTokens,
      outputTokens,
      cachedTokens,
      maxTokens,
      preempted: false,
      clientStartS: a.t,
      dnsS,
      connectS,
      tlsS,
      sendS,
      rttS,
      reused,
      tlsResumed,
      firstChunkS: 0,
      clientEndS: 0,
      itlMaxS: 0,
      stalls: 0,
      chunks: 0,
      gatewayStartS,
      gwQueueS,
      authS,
      rateLimitS,
      routeS,
      guardrailS,
      downstreamS,
      upstreamStartS,
      gatewayEndS: 0,
      engineArriveS: upstreamStartS + rng.lognormal(0.0015, 0.3),
      queueS: 0,
      frontendS: rng.lognormal(0.004, 0.4),
      prefillS: 0,
      decodeS: 0,
      slotStartS: 0,
      engineEndS: 0,
    })
  }
  runEngines(s, reqs, rng)
  for (const r of reqs) {
    finishClient(s, r, rng)
  }
  return reqs
}

/** FIFO queue with `slots` concurrent sequences per replica; stage times from the request. */
function runEngines(s: Scenario, reqs: Req[], rng: Rng): void {
  const byReplica = new Map<string, Req[]>()
  for (const r of reqs) {
    const list = byReplica.get(r.replica.name) ?? []
    list.push(r)
    byReplica.set(r.replica.name, list)
  }
  for (const [, list] of byReplica) {
    list.sort((a, b) => a.engineArriveS - b.engineArriveS)
    const free: number[] = new Array<number>(s.slots).fill(0)
    for (const r of list) {
      const t = r.engineArriveS
      const faultOn = inWindow(s, t)
      const target = s.fault?.target ?? null
      let usable = s.slots
      if (s.kind === 'engine.kv_cache_pressure' && faultOn) {
        usable = Math.max(1, Math.round(s.slots / s.magnitude))
      }
      let slot = 0
      for (let i = 1; i < usable; i++) {
        if ((free[i] as number) < (free[slot] as number)) {
          slot = i
        }
      }
      let start = Math.max(t, free[slot] as number)
      if (s.kind === 'engine.batching_window' && faultOn) {
        start += 0.15 * s.magnitude * rng.uniform(0.4, 1)
      }
      const busy = free.filter((f) => f > start).length
      let slow = 1
      if (s.kind === 'node.degraded' && faultOn && r.replica.node === target) {
        slow = s.magnitude
      }
      if (s.kind === 'version.regression' && r.version === 'v1.5.0') {
        slow = s.magnitude
      }
      if (s.kind === 'standing.slow_node' && r.replica.node === target) {
        slow = 1.6
      }
      if (s.kind === 'standing.slow_replica' && r.replica.name === target) {
        slow = 1.8
      }
      let cold = 0
      if (s.kind === 'replica.cold_start' && r.replica.name === target && s.fault !== null) {
        const tau = (s.fault.endS - s.fault.startS) / 3
        cold = Math.exp(-(t - r.replica.joinS) / tau)
        r.frontendS += 1.5 * s.magnitude * cold * rng.uniform(0.5, 1)
      }
      let prefillS =
        (r.inputTokens - r.cachedTokens) *
          s.prefillPerTokenS *
          rng.lognormal(1, 0.2) *
          slow *
          (1 + (s.magnitude - 1) * cold) +
        0.004
      let tpot =
        s.tpotS *
        rng.lognormal(1, 0.1) *
        (1 + (0.25 * busy) / s.slots) *
        slow *
        (1 + (s.magnitude - 1) * cold)
      if (s.kind === 'engine.memory_bandwidth' && faultOn) {
        tpot *= 1 + (s.magnitude - 1) * Math.min(1, busy / (0.5 * s.slots))
      }
      if (s.kind === 'engine.long_generations' && faultOn) {
        tpot *= 1 + (s.magnitude - 1) * rng.uniform(0.6, 1)
      }
      if (s.kind === 'engine.kv_cache_pressure' && faultOn && rng.chance(0.4)) {
        r.preempted = true
        prefillS += prefillS + rng.lognormal(0.4, 0.5)
      }
      r.queueS = start - t
      r.slotStartS = start
      r.prefillS = prefillS
      r.decodeS = Math.max(0, r.outputTokens - 1) * tpot
      r.engineEndS = start + r.frontendS + prefillS + r.decodeS
      free[slot] = r.engineEndS
    }
  }
}

function finishClient(s: Scenario, r: Req, rng: Rng): void {
  r.gatewayEndS = r.engineEndS + 0.0015
  const tpot = r.outputTokens > 1 ? r.decodeS / (r.outputTokens - 1) : 0
  const engineFirstS = r.slotStartS + r.frontendS + r.prefillS
  let buffer = 0
  if (s.kind === 'proxy.stream_buffering' && inWindow(s, r.clientStartS)) {
    buffer = 0.25 * s.magnitude * rng.uniform(0.6, 1)
  }
  r.firstChunkS = Math.min(engineFirstS + buffer, r.engineEndS) + r.rttS / 2
  r.clientEndS = r.gatewayEndS + r.rttS / 2 + rng.lognormal(0.001, 0.3)
  if (buffer > 0) {
    r.itlMaxS = Math.min(r.decodeS, buffer * rng.uniform(1, 1.6))
    r.chunks = Math.max(1, Math.ceil(r.decodeS / Math.max(buffer, 1e-3)))
    r.stalls = Math.max(0, r.chunks - 1)
  } else {
    r.itlMaxS = tpot * rng.uniform(1.8, 3.5)
    r.chunks = r.outputTokens
    r.stalls = 0
  }
}
