/**
 * What a `whatif` may change, and how each change becomes a cluster and a job plan for the twin.
 * A change the twin cannot model is refused by name, never approximated silently.
 */
import { quantileSorted } from '../../core/stats/quantile.js'
import { stepDurationUs, type TwinCluster, type TwinReplica } from './engine.js'
import type { TwinFit } from './fit.js'

export type RoutingChoice = 'least-loaded' | 'round-robin' | 'prefix-aware'

export interface TwinChanges {
  /** Multiplies the arrival rate (or the clients of a closed loop). */
  loadFactor?: number
  /** Sets the mean arrival rate, requests/s (the window's shape over time is kept). */
  ratePerSec?: number
  /** A closed loop of this many clients, each sending its next request when the last ends. */
  concurrency?: number
  replicasDelta?: number
  routing?: RoutingChoice
  maxNumSeqs?: number
  maxTokensCap?: number
  /** Prompts longer than `minPromptTokens` go to a pool of `replicas` new replicas. */
  split?: { minPromptTokens: number; replicas: number }
  /** Findings to take away: `cause` or `cause:scope value`. */
  removeCause?: string[]
}

/** Causes the twin can take away, and what it does for each (docs/whatif.md). */
export const REMOVABLE_CAUSES = [
  'node.degraded',
  'version.regression',
  'replica.cold_start',
  'engine.long_generations',
  'engine.long_prompts',
  'tenant.noisy_neighbor',
  'routing.imbalance',
] as const

/** How jobs are drawn for a run. */
export interface JobPlan {
  rateMultiplier: number
  /**
   * In a loop that paused or stepped (ADR 0476), `level` runs `users` clients in each of its
   * stretches (`--concurrency`); else each stretch's clients are scaled by `scale` (`--load`; 1
   * when absent), where `users` is the median the whole window held.
   */
  closed: { users: number; thinkUs: number; level?: boolean; scale?: number } | null
  outputCap: number
  promptCap: number
  /** A tenant's requests per rate bin are thinned to at most its median per bin. */
  tenantCap: { tenant: number; perBin: number } | null
}

export type Applied =
  | { ok: true; cluster: TwinCluster; plan: JobPlan; notes: string[] }
  | { ok: false; reasons: string[] }

/** The replica a new one is made like: the one whose step at the mean load is the median. */
function typicalReplica(fit: TwinFit, replicas: TwinReplica[]): TwinReplica {
  const o = fit.observed
  let kv = 0
  for (let i = 0; i < o.n; i++) {
    kv += o.promptTokens[i]! + o.outputTokens[i]! / 2
  }
  kv /= Math.max(1, o.n)
  // Ranked at a moderate batch: the order is what matters, not the figure.
  const batch = 8
  const cost = (r: TwinReplica): number => stepDurationUs(r.step, 0, batch, kv * batch)
  const sorted = [...replicas].sort((a, b) => cost(a) - cost(b))
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

/** Builds the cluster and job plan of a set of changes, or the reasons it cannot. */
export function applyChanges(fit: TwinFit, changes: TwinChanges): Applied {
  const m = fit.model
  const reasons: string[] = []
  const notes: string[] = []
  const replicas: TwinReplica[] = m.replicas.map((r) => ({
    name: r.name,
    step: { ...r.step },
    maxNumSeqs: changes.maxNumSeqs ?? r.maxNumSeqs.value ?? Infinity,
    kvCapacityTokens: r.kvCapacityTokens.value ?? Infinity,
    maxBatchedTokens: m.maxBatchedTokens.value,
    pool: 0,
  }))
  let routing = m.routing.policy
  const shares = m.replicas.map((r) => r.share)
  const plan: JobPlan = {
    rateMultiplier: 1,
    closed:
      m.arrival.process === 'closed' && m.arrival.closedUsers !== null
        ? { users: m.arrival.closedUsers, thinkUs: m.arrival.thinkUs ?? 0 }
        : null,
    outputCap: changes.maxTokensCap ?? Infinity,
    promptCap: Infinity,
    tenantCap: null,
  }
  if (changes.loadFactor !== undefined && changes.ratePerSec !== undefined) {
    reasons.push('give --load or --rate, not both')
  }
  if (changes.loadFactor !== undefined) {
    if (plan.closed !== null) {
      plan.closed.users = Math.max(1, Math.round(plan.closed.users * changes.loadFactor))
      plan.closed.scale = changes.loadFactor
    } else {
      plan.rateMultiplier = changes.loadFactor
    }
  }
  if (changes.ratePerSec !== undefined) {
    if (plan.closed !== null) {
      reasons.push(
        '--rate sets an open-loop rate, but the window is a closed loop: use --load or --concurrency'
      )
    }
    plan.rateMultiplier = changes.ratePerSec / m.arrival.meanRatePerSec
  }
  if (changes.concurrency !== undefined) {
    plan.closed = { users: changes.concurrency, thinkUs: 0, level: true }
  }
  if (changes.routing === 'prefix-aware') {
    reasons.push(
      'prefix-aware routing: the stored spans do not say which requests share a prefix, so the twin cannot tell what it would co-locate'
    )
  } else if (changes.routing !== undefined) {
    routing = changes.routing === 'least-loaded' ? 'least_loaded' : 'round_robin'
  }
  const like = typicalReplica(fit, replicas)
  const clone = (name: string, pool: number): TwinReplica => ({
    ...like,
    step: { ...like.step },
    name,
    pool,
  })
  const meanShare = 1 / Math.max(1, replicas.length)
  if (changes.replicasDelta !== undefined) {
    if (replicas.length + changes.replicasDelta < 1) {
      reasons.push(
        `--replicas ${changes.replicasDelta} would leave no replica (the window has ${replicas.length})`
      )
    } else if (changes.replicasDelta < 0) {
      replicas.splice(replicas.length + changes.replicasDelta)
      shares.splice(replicas.length)
    } else {
      for (let k = 0; k < changes.replicasDelta; k++) {
        replicas.push(clone(`new-${k + 1}`, 0))
        shares.push(meanShare)
      }
      notes.push(`new replicas run like ${like.name} (the median replica's step law)`)
    }
  }
  if (changes.split !== undefined) {
    for (let k = 0; k < changes.split.replicas; k++) {
      replicas.push(clone(`long-prompt-${k + 1}`, 1))
      shares.push(meanShare)
    }
  }
  for (const spec of changes.removeCause ?? []) {
    const [cause, ...rest] = spec.split(':')
    const scope = rest.length > 0 ? rest.join(':') : null
    const applied = removeCause(fit, cause ?? '', scope, replicas, like, plan)
    if (typeof applied === 'string') {
      reasons.push(applied)
    } else {
      notes.push(applied.note)
      if (applied.routing !== undefined) {
        routing = applied.routing
      }
    }
  }
  if (reasons.length > 0) {
    return { ok: false, reasons }
  }
  if (routing === 'weighted' && changes.replicasDelta !== undefined) {
    notes.push('the router kept its observed shares; new replicas get an even share')
  }
  return {
    ok: true,
    cluster: {
      replicas,
      routing,
      shares,
      splitMinPrompt: changes.split?.minPromptTokens ?? null,
    },
    plan,
    notes,
  }
}

function removeCause(
  fit: TwinFit,
  cause: string,
  scope: string | null,
  replicas: TwinReplica[],
  like: TwinReplica,
  plan: JobPlan
): { note: string; routing?: TwinCluster['routing'] } | string {
  const o = fit.observed
  if (!(REMOVABLE_CAUSES as readonly string[]).includes(cause)) {
    return `--remove-cause ${cause}: the twin cannot take this cause away (it can: ${REMOVABLE_CAUSES.join(', ')})`
  }
  if (
    cause === 'node.degraded' ||
    cause === 'version.regression' ||
    cause === 'replica.cold_start'
  ) {
    if (scope === null) {
      return `--remove-cause ${cause} needs a scope: ${cause}:<replica, node or version>`
    }
    const hit = new Set<number>()
    for (let i = 0; i < o.n; i++) {
      const r = o.replica[i]!
      if (
        o.replicas[r] === scope ||
        (o.node[i]! >= 0 && o.nodes[o.node[i]!] === scope) ||
        (o.version[i]! >= 0 && o.versions[o.version[i]!] === scope)
      ) {
        hit.add(r)
      }
    }
    if (hit.size === 0) {
      return `--remove-cause ${cause}:${scope}: no replica, node or version of the window is called "${scope}"`
    }
    const healthy = replicas.filter((_, r) => !hit.has(r))
    const model = healthy.length > 0 ? typicalReplica(fit, healthy) : like
    for (const r of hit) {
      if (replicas[r] !== undefined) {
        replicas[r]!.step = { ...model.step }
      }
    }
    return {
      note: `${[...hit].map((r) => o.replicas[r]).join(', ')} run like ${model.name} (${cause} taken away)`,
    }
  }
  if (cause === 'engine.long_generations') {
    const p90 = quantileSorted(Float64Array.from(o.outputTokens).sort(), 0.9)
    plan.outputCap = Math.min(plan.outputCap, p90)
    return {
      note: `outputs capped at the window's P90, ${p90} tokens (long generations taken away)`,
    }
  }
  if (cause === 'engine.long_prompts') {
    const p90 = quantileSorted(Float64Array.from(o.promptTokens).sort(), 0.9)
    plan.promptCap = p90
    return { note: `prompts capped at the window's P90, ${p90} tokens (long prompts taken away)` }
  }
  if (cause === 'tenant.noisy_neighbor') {
    const t = scope === null ? -1 : o.tenants.indexOf(scope)
    if (t < 0) {
      return `--remove-cause tenant.noisy_neighbor needs the tenant: tenant.noisy_neighbor:<${o.tenants.slice(0, 5).join('|')}>`
    }
    const bins = fit.model.arrival.ratePerSec.length
    const counts = new Array<number>(bins).fill(0)
    for (let i = 0; i < o.n; i++) {
      if (o.tenant[i] === t) {
        const b = Math.min(
          bins - 1,
          Math.max(
            0,
            Math.floor((o.startUs[i]! - fit.model.window.fromUs) / fit.model.arrival.binUs)
          )
        )
        counts[b] = counts[b]! + 1
      }
    }
    const perBin = quantileSorted(Float64Array.from(counts).sort(), 0.5)
    plan.tenantCap = { tenant: t, perBin }
    return {
      note: `${scope}'s requests held to its median, ${perBin} a minute (its burst taken away)`,
    }
  }
  return {
    note: 'requests routed to the least-loaded replica (imbalance taken away)',
    routing: 'least_loaded',
  }
}
