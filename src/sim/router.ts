import type { Replica } from './replica.js'
import type { SimRequest } from './request.js'
import type { RouterConfig } from './config.js'

/** The part of a simulation the router reads (replicas, policy) and advances (its counter). */
export interface RouterHost {
  readonly replicas: readonly Replica[]
  readonly config: { readonly router: RouterConfig }
  rrCounter: number
}

const smoothWeights = new WeakMap<RouterHost, Map<number, number>>()

/**
 * Picks the replica for a request under the configured policy, skipping dead replicas and
 * `exclude` (the replica a retry left). Weights scale a replica's share (round robin) or
 * its perceived load (least loaded).
 */
export function pickReplica(sim: RouterHost, req: SimRequest, exclude?: Replica): Replica {
  const all = sim.replicas
  const { policy, weights } = sim.config.router
  const alive = all.filter((r) => r.alive && r !== exclude)
  const pool = alive.length > 0 ? alive : all
  const w = (r: Replica): number => weights[r.id.index] ?? 1
  if (policy === 'round_robin') {
    // Smooth weighted round robin (as in nginx): deterministic and evenly interleaved.
    let cur = smoothWeights.get(sim)
    if (cur === undefined) {
      cur = new Map()
      smoothWeights.set(sim, cur)
    }
    let total = 0
    let best = pool[0]!
    let bestW = -Infinity
    for (const r of pool) {
      const v = (cur.get(r.id.index) ?? 0) + w(r)
      cur.set(r.id.index, v)
      total += w(r)
      if (v > bestW) {
        bestW = v
        best = r
      }
    }
    cur.set(best.id.index, bestW - total)
    return best
  }
  if (policy === 'session') {
    let h = req.session * 2654435761
    for (let i = 0; i < req.tenant.length; i++) {
      h = Math.imul(h ^ req.tenant.charCodeAt(i), 16777619) >>> 0
    }
    return pool[(h >>> 0) % pool.length]!
  }
  const start = sim.rrCounter++ % pool.length
  let best = pool[start]!
  let bestLoad = Infinity
  for (let k = 0; k < pool.length; k++) {
    const r = pool[(start + k) % pool.length]!
    let load = r.load / w(r)
    if (policy === 'prefix_aware' && req.prefixGroup >= 0 && r.hasPrefix(req.prefixGroup)) {
      load -= 4
    }
    if (load < bestLoad) {
      bestLoad = load
      best = r
    }
  }
  return best
}
