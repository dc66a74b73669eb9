import { baseline, globalScope, onset, round1, type ScenarioDef } from '../scenario.js'

/** One node's GPUs slow down (thermal throttling): both replicas on it get slow together. */
export const nodeDegraded: ScenarioDef = {
  name: 'node-degraded',
  summary: 'One GPU node throttles: both replicas on it slow down from the onset',
  causes: ['node.degraded'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    const nodes = Math.ceil(cfg.cluster.replicas / cfg.cluster.replicasPerNode)
    const nodeIndex = rng.int(0, nodes - 1)
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { nodeSlowFactor: { [nodeIndex]: round1(rng.range(1.8, 2.6)) } },
    })
    return {
      config: cfg,
      causes: [
        {
          cause: 'node.degraded',
          scope: { dimension: 'node', nodeIndex },
          fromUs: from,
          toUs: durationUs,
        },
      ],
    }
  },
}

/** A canary of a new engine version that runs 1.5–2× slower per step. */
export const versionRegression: ScenarioDef = {
  name: 'version-regression',
  summary: 'A canary of a new version is slower per step than the old one',
  causes: ['version.regression'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    const next = rng.pick(['v0.9.1', 'v0.9.2', 'v0.10.0'])
    cfg.cluster.versionSpeed[next] = round1(rng.range(1.5, 2.1))
    const count = cfg.cluster.replicas >= 6 ? 2 : 1
    cfg.control.push({
      atUs: from,
      kind: 'deploy',
      replicaIndexes: Array.from({ length: count }, (_, i) => i),
      version: next,
      canary: true,
    })
    return {
      config: cfg,
      causes: [
        {
          cause: 'version.regression',
          scope: { dimension: 'version', value: next },
          fromUs: from,
          toUs: durationUs,
        },
      ],
    }
  },
}

/** Traffic rises, the autoscaler adds replicas, and they take traffic while still cold. */
export const coldStart: ScenarioDef = {
  name: 'replica-cold-start',
  summary: 'A scale-up adds replicas that take traffic before they are warm',
  causes: ['replica.cold_start'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    const add = rng.pick([1, 2])
    cfg.engine.warmupMs = rng.int(150_000, 240_000)
    cfg.engine.warmupSlowdown = round1(rng.range(4, 6))
    cfg.phases.push({ fromUs: from - 20_000_000, toUs: durationUs, patch: { rateMultiplier: 1.3 } })
    cfg.control.push({ atUs: from, kind: 'scale', add })
    const warmEnd = Math.min(durationUs, from + cfg.engine.warmupMs * 1000)
    const scope =
      add === 1
        ? { dimension: 'replica' as const, replicaIndex: cfg.cluster.replicas }
        : globalScope()
    return {
      config: cfg,
      causes: [{ cause: 'replica.cold_start', scope, fromUs: from, toUs: warmEnd }],
    }
  },
}

/** The router's weights favour one replica, which queues while the others idle. */
export const routingImbalance: ScenarioDef = {
  name: 'routing-imbalance',
  summary: 'Weighted round robin sends one replica several times its share',
  causes: ['routing.imbalance'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const hot = rng.int(0, cfg.cluster.replicas - 1)
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(4.5, 5.5))
    cfg.router.policy = 'round_robin'
    cfg.router.weights = { [hot]: rng.int(4, 6) }
    return {
      config: cfg,
      causes: [
        {
          cause: 'routing.imbalance',
          scope: { dimension: 'replica', replicaIndex: hot },
          fromUs: 0,
          toUs: durationUs,
        },
      ],
    }
  },
}
