/**
 * Reads latency objectives out of whatever the configuration holds under `slo` (the SLO module
 * owns its full schema; diagnosis only needs the latency targets). Accepted shapes:
 * `{ ttftMs, tpotMs, e2eMs, quantile }`, snake_case (`ttft_ms`), seconds (`ttft_s`), the SLO
 * config's `tiers[].objectives[]` (compact `"ttft p99 < 800ms"` or `{ measure, percentile,
 * thresholdMs }`), or lists of these (the strictest target wins). Anything else → null.
 */
import type { SloTargets } from './input.js'

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

/** `"ttft p99 < 800ms"` (the config's compact objective form). */
function fromCompact(text: string): SloTargets {
  const m = /^\s*(ttft|tpot|e2e)\s+p(\d+(?:\.\d+)?)\s*<\s*(\d+(?:\.\d+)?)\s*(us|ms|s|m)\s*$/i.exec(
    text
  )
  if (!m) {
    return {}
  }
  const ms = Number(m[3]) * (UNIT_MS[(m[4] ?? 'ms').toLowerCase()] ?? 1)
  const out: SloTargets = { quantile: Number(m[2]) / 100 }
  const key = `${(m[1] ?? '').toLowerCase()}Ms` as 'ttftMs' | 'tpotMs' | 'e2eMs'
  out[key] = ms
  return out
}

function fromObject(o: Record<string, unknown>): SloTargets {
  // Object objective form: { measure: 'ttft', percentile: 99, thresholdMs: 800 }.
  const measure = o['measure']
  const threshold = num(o['thresholdMs'])
  if ((measure === 'ttft' || measure === 'tpot' || measure === 'e2e') && threshold !== undefined) {
    const out: SloTargets = { [`${measure}Ms`]: threshold }
    const pctl = num(o['percentile'])
    if (pctl !== undefined && pctl < 100) out.quantile = pctl / 100
    return out
  }
  const ms = (k: string): number | undefined => {
    const camel = num(o[`${k}Ms`]) ?? num(o[`${k}_ms`])
    if (camel !== undefined) {
      return camel
    }
    const s = num(o[`${k}S`]) ?? num(o[`${k}_s`]) ?? num(o[`${k}Seconds`]) ?? num(o[`${k}_seconds`])
    return s === undefined ? undefined : s * 1000
  }
  const out: SloTargets = {}
  const ttft = ms('ttft')
  const tpot = ms('tpot')
  const e2e = ms('e2e')
  if (ttft !== undefined) out.ttftMs = ttft
  if (tpot !== undefined) out.tpotMs = tpot
  if (e2e !== undefined) out.e2eMs = e2e
  const q = num(o['quantile'])
  if (q !== undefined && q < 1) out.quantile = q
  return out
}

function merge(a: SloTargets, b: SloTargets): SloTargets {
  const min = (x?: number, y?: number): number | undefined =>
    x === undefined ? y : y === undefined ? x : Math.min(x, y)
  const out: SloTargets = {}
  const ttft = min(a.ttftMs, b.ttftMs)
  const tpot = min(a.tpotMs, b.tpotMs)
  const e2e = min(a.e2eMs, b.e2eMs)
  if (ttft !== undefined) out.ttftMs = ttft
  if (tpot !== undefined) out.tpotMs = tpot
  if (e2e !== undefined) out.e2eMs = e2e
  const q =
    a.quantile === undefined
      ? b.quantile
      : b.quantile === undefined
        ? a.quantile
        : Math.max(a.quantile, b.quantile)
  if (q !== undefined) out.quantile = q
  return out
}

/** Latency targets from a configuration value; null when it holds none. */
export function readSloTargets(value: unknown): SloTargets | null {
  const collect = (v: unknown, depth: number): SloTargets => {
    if (typeof v === 'string') {
      return fromCompact(v)
    }
    if (depth > 4 || v === null || typeof v !== 'object') {
      return {}
    }
    if (Array.isArray(v)) {
      return v.map((x) => collect(x, depth + 1)).reduce(merge, {})
    }
    const o = v as Record<string, unknown>
    let out = fromObject(o)
    for (const key of ['tiers', 'objectives', 'targets', 'latency']) {
      if (key in o) {
        out = merge(out, collect(o[key], depth + 1))
      }
    }
    return out
  }
  const t = collect(value, 0)
  return t.ttftMs === undefined && t.tpotMs === undefined && t.e2eMs === undefined ? null : t
}
