/**
 * The text forms of a `whatif`'s changes, shared by the CLI flags, the YAML file and the API's
 * query parameters: `1.5x`, `+2`, `long-prompts>4k:2`, `load=1x..3x`. Bad text throws
 * INPUT_INVALID saying what was expected.
 */
import { AppError } from '../../core/errors.js'
import type { RoutingChoice, TwinChanges } from './changes.js'

function invalid(name: string, expected: string, actual: unknown): never {
  throw new AppError(
    'INPUT_INVALID',
    `${name} must be ${expected} (actual: ${JSON.stringify(actual)})`
  )
}

/** `1.5x`, `1.5` or `150%` → 1.5. */
export function parseFactor(name: string, text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(x|×|%)?\s*$/i.exec(text)
  const v = m === null ? NaN : Number(m[1]) / (m[2] === '%' ? 100 : 1)
  if (!(v > 0) || !Number.isFinite(v)) {
    invalid(name, 'a positive factor like 1.5x', text)
  }
  return v
}

/** A count ≥ `min` (`+2` allowed when `signed`). */
export function parseCount(
  name: string,
  text: string,
  options: { signed?: boolean; min?: number } = {}
): number {
  const re = options.signed === true ? /^\s*[+-]?\d+\s*$/ : /^\s*\d+\s*$/
  const v = re.test(text) ? Number(text) : NaN
  if (!Number.isSafeInteger(v) || v < (options.min ?? 1)) {
    invalid(
      name,
      options.signed === true
        ? 'a whole number like +2 or -1'
        : `a whole number ≥ ${options.min ?? 1}`,
      text
    )
  }
  return v
}

/** A token count: `4096`, `4k`, `32K`. */
function parseTokens(name: string, text: string): number {
  const m = /^(\d+(?:\.\d+)?)(k)?$/i.exec(text.trim())
  const v = m === null ? NaN : Math.round(Number(m[1]) * (m[2] === undefined ? 1 : 1000))
  if (!(v >= 1)) {
    invalid(name, 'a token count like 4096 or 4k', text)
  }
  return v
}

/** `long-prompts>4k:2`: prompts over 4,000 tokens to a pool of 2 new replicas. */
export function parseSplit(text: string): { minPromptTokens: number; replicas: number } {
  const m = /^\s*long-prompts\s*>\s*([\d.]+k?)\s*:\s*(\d+)\s*$/i.exec(text)
  if (m === null) {
    invalid('--split', 'long-prompts>TOKENS:REPLICAS, e.g. long-prompts>4k:2', text)
  }
  return {
    minPromptTokens: parseTokens('--split', m[1]!),
    replicas: parseCount('--split replicas', m[2]!),
  }
}

const ROUTINGS: readonly RoutingChoice[] = ['least-loaded', 'round-robin', 'prefix-aware']

export function parseRouting(text: string): RoutingChoice {
  const v = text.trim().replace('_', '-') as RoutingChoice
  if (!ROUTINGS.includes(v)) {
    invalid('--routing', ROUTINGS.join(', '), text)
  }
  return v
}

/** `load=1x..3x` (optionally `:0.25` for the step) → the load factors to try. */
export function parseSweep(text: string): number[] {
  const m = /^\s*load\s*=\s*([\d.]+)x?\s*\.\.\s*([\d.]+)x?\s*(?::\s*([\d.]+)x?)?\s*$/i.exec(text)
  const lo = Number(m?.[1])
  const hi = Number(m?.[2])
  const step = m?.[3] === undefined ? 0.25 : Number(m[3])
  if (m === null || !(lo > 0) || !(hi >= lo) || !(step > 0) || (hi - lo) / step > 40) {
    invalid(
      '--sweep',
      'load=FROMx..TOx with at most 40 steps, e.g. load=1x..3x or load=1x..2x:0.1',
      text
    )
  }
  const out: number[] = []
  for (let k = 0; lo + k * step <= hi + 1e-9; k++) {
    out.push(Math.round((lo + k * step) * 1000) / 1000)
  }
  return out
}

/** The changes as their text forms (flags, YAML keys and query parameters share these names). */
export interface ChangeTexts {
  load?: string
  rate?: string
  concurrency?: string
  replicas?: string
  routing?: string
  maxNumSeqs?: string
  maxTokensCap?: string
  split?: string
  removeCause?: string[]
}

/** Parses every given text form into {@link TwinChanges}. */
export function parseChanges(t: ChangeTexts): TwinChanges {
  const out: TwinChanges = {}
  if (t.load !== undefined) {
    out.loadFactor = parseFactor('--load', t.load)
  }
  if (t.rate !== undefined) {
    const v = Number(t.rate)
    if (!(v > 0) || !Number.isFinite(v)) {
      invalid('--rate', 'a positive number of requests per second', t.rate)
    }
    out.ratePerSec = v
  }
  if (t.concurrency !== undefined) {
    out.concurrency = parseCount('--concurrency', t.concurrency)
  }
  if (t.replicas !== undefined) {
    out.replicasDelta = parseCount('--replicas', t.replicas, { signed: true, min: -10_000 })
  }
  if (t.routing !== undefined) {
    out.routing = parseRouting(t.routing)
  }
  if (t.maxNumSeqs !== undefined) {
    out.maxNumSeqs = parseCount('--max-num-seqs', t.maxNumSeqs)
  }
  if (t.maxTokensCap !== undefined) {
    out.maxTokensCap = parseTokens('--max-tokens-cap', t.maxTokensCap)
  }
  if (t.split !== undefined) {
    out.split = parseSplit(t.split)
  }
  if (t.removeCause !== undefined && t.removeCause.length > 0) {
    out.removeCause = [...t.removeCause]
  }
  return out
}
