/**
 * Seeded randomness for the contract suite. Its own generator (mulberry32) so that the suite
 * shares no code with the simulator or the grid it is meant to check.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  uniform(lo: number, hi: number): number
  int(lo: number, hiInclusive: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
  normal(): number
  /** Lognormal with the given median and log-space sigma. */
  lognormal(median: number, sigma: number): number
  /** Exponential gap with the given rate per second. */
  exp(ratePerS: number): number
  hex(chars: number): string
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0 || 0x9e3779b9
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const normal = (): number => {
    const u = Math.max(next(), 1e-12)
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next())
  }
  return {
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) {
        throw new Error('pick from an empty list')
      }
      return item
    },
    chance: (p) => next() < p,
    normal,
    lognormal: (median, sigma) => median * Math.exp(sigma * normal()),
    exp: (rate) => -Math.log(Math.max(next(), 1e-12)) / rate,
    hex: (chars) => {
      let s = ''
      for (let i = 0; i < chars; i++) {
        s += Math.floor(next() * 16).toString(16)
      }
      // An all-zero id is invalid in OTLP.
      return /^0+$/.test(s) ? `1${s.slice(1)}` : s
    },
  }
}

/** A child generator whose draws do not shift when the parent's later draws change. */
export function forkRng(rng: Rng): Rng {
  return createRng(Math.floor(rng.next() * 2 ** 32))
}
