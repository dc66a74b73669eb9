import type { DynamicParams, SimConfig } from './config.js'
import type { SimRequest } from './request.js'
import type { Rng } from '../core/stats/seeded-random.js'

/**
 * Draws who sends a request and what it asks for: tenant, region (and its RTT), session,
 * shared prefix, prompt and output lengths (lognormal, with optional long-tail mixtures),
 * and whether the probe's client span records it.
 */
export function sampleRequest(
  req: SimRequest,
  rng: Rng,
  config: SimConfig,
  p: DynamicParams,
  kvBlocks: number
): void {
  const w = config.workload
  let total = 0
  for (const t of w.tenants) {
    total += t.weight * (p.tenantRateMultiplier[t.id] ?? 1)
  }
  let x = rng.next() * total
  req.tenant = w.tenants[w.tenants.length - 1]!.id
  for (const t of w.tenants) {
    x -= t.weight * (p.tenantRateMultiplier[t.id] ?? 1)
    if (x < 0) {
      req.tenant = t.id
      break
    }
  }
  let rt = 0
  for (const r of w.regions) {
    rt += r.weight
  }
  let y = rng.next() * rt
  const lastRegion = w.regions[w.regions.length - 1]!
  req.region = lastRegion.name
  for (const r of w.regions) {
    y -= r.weight
    if (y < 0) {
      req.region = r.name
      break
    }
  }
  req.rttUs = (p.regionRttMs[req.region] ?? lastRegion.rttMs) * 1000 * rng.range(0.95, 1.1)
  req.session = rng.int(0, w.sessionsPerTenant - 1)
  req.prefixGroup = rng.chance(p.prefixShare) ? rng.int(0, w.prefixGroups - 1) : -1

  let prompt = rng.chance(p.longPromptShare)
    ? rng.lognormal(w.longPromptMedian, 0.35)
    : rng.lognormal(p.promptMedian, w.promptSigma)
  if (req.prefixGroup >= 0) {
    prompt = Math.max(prompt, w.prefixTokens + 32)
  }
  let maxTokens = w.maxTokens
  let output: number
  if (rng.chance(p.longOutputShare)) {
    maxTokens = w.longOutputMaxTokens
    output = rng.lognormal(w.longOutputMedian, 0.35)
  } else {
    output = rng.lognormal(w.outputMedian, w.outputSigma)
  }
  // A request must fit the KV cache on its own, or it could never be admitted.
  const capacity = kvBlocks * config.engine.blockSizeTokens - 4 * config.engine.blockSizeTokens
  maxTokens = Math.min(maxTokens, Math.max(16, Math.floor(capacity / 4)))
  req.maxTokens = maxTokens
  req.outputTokens = Math.max(2, Math.min(maxTokens, Math.round(output)))
  req.promptTokens = Math.max(
    8,
    Math.min(w.promptMax, capacity - req.outputTokens, Math.round(prompt))
  )
  req.probed = rng.chance(config.client.probeShare)
}
