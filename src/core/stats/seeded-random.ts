/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32). Written by hand
 * because the simulator must stay pure and deterministic across platforms, and the state must be
 * forkable per purpose (workload, ids, noise) so that adding one draw in one place does not shift
 * every other stream. The one seeded generator of the code base: the simulator, the probe's
 * arrivals and prompts, the mock server's faults and test data all draw from it.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform 32-bit unsigned integer. */
  uint32(): number
  /** Uniform integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number
  /** Uniform float in [lo, hi). */
  range(lo: number, hi: number): number
  /** True with probability p. */
  chance(p: number): boolean
  /** Exponential with the given mean. */
  exp(mean: number): number
  /** Standard normal. */
  normal(): number
  /** Lognormal with the given median and shape sigma (of the underlying normal). */
  lognormal(median: number, sigma: number): number
  /** Picks one element. */
  pick<T>(items: readonly T[]): T
  /** A new independent generator derived from this one and a label. */
  fork(label: string): Rng
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
}

function hashLabel(label: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < label.length; i++) {
    h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0
  }
  return h
}

/** Creates a generator from an integer seed (any number; only the low 32 bits and a mix of the rest count). */
export function createRng(seed: number): Rng {
  const hi = Math.floor(seed / 4294967296) >>> 0
  const init = splitmix32((seed >>> 0) ^ Math.imul(hi, 0x27d4eb2d))
  let a = init()
  let b = init()
  let c = init()
  let d = init()
  let spare: number | null = null

  const uint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) >>> 0
    return t
  }
  for (let i = 0; i < 12; i++) {
    uint32()
  }

  const next = (): number => uint32() / 4294967296
  const normal = (): number => {
    if (spare !== null) {
      const v = spare
      spare = null
      return v
    }
    let u = 0
    while (u === 0) {
      u = next()
    }
    const v = next()
    const r = Math.sqrt(-2 * Math.log(u))
    spare = r * Math.sin(2 * Math.PI * v)
    return r * Math.cos(2 * Math.PI * v)
  }
  const rng: Rng = {
    next,
    uint32,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    range: (lo, hi) => lo + next() * (hi - lo),
    chance: (p) => next() < p,
    exp: (mean) => -Math.log(1 - next()) * mean,
    normal,
    lognormal: (median, sigma) => median * Math.exp(sigma * normal()),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) {
        throw new RangeError('pick() from an empty list')
      }
      return item
    },
    fork: (label) => createRng((uint32() ^ hashLabel(label)) >>> 0),
  }
  return rng
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** Lower-case hex of `bytes` random bytes (16 for trace ids, 8 for span ids), never all zero. */
export function randomHex(rng: Rng, bytes: number): string {
  let out = ''
  for (let i = 0; i < bytes; i += 4) {
    const v = rng.uint32()
    out += HEX[v & 255]! + HEX[(v >>> 8) & 255]! + HEX[(v >>> 16) & 255]! + HEX[v >>> 24]!
  }
  out = out.slice(0, bytes * 2)
  return /^0+$/.test(out) ? '1'.padStart(bytes * 2, '0') : out
}

/** A seeded uniform generator in [0, 1), for callers that need nothing but `next()`. */
export type UniformRandom = () => number

/** The same generator as {@link createRng}, seen as a plain function returning [0, 1). */
export function createSeededRandom(seed: number): UniformRandom {
  return createRng(seed).next
}
