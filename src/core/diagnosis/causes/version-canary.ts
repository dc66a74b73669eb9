/**
 * A new version read against the old one serving in the same minutes, on the same kind of work
 * (canary analysis, ADR 0325). A version that served only the data's last minute holds too few
 * requests to make the window's slow cohort its own, yet every one of its requests can be set
 * beside the old version's requests of the same step and the same prompt length.
 *
 * Per cell (a grid step × an octave of prompt tokens), the mean log value of the new version's
 * requests minus the old's; the cells are pooled by their weight 1 / (1/n_new + 1/n_old) with one
 * within-cell variance for the measure, which gives the difference its standard error. Time of
 * day (load, a surge every version feels) cancels inside a step; the workload mix cancels inside
 * a prompt octave and through reading time per token (decode slows with the context it attends
 * to, so a version given longer prompts is not slower for it).
 */
import type { DiagnosisContext } from '../frame/context.js'

/** A version whose first request is within this many steps of the data's start has no onset in
 * the data: it may have served long before, and a difference it holds all along is a standing
 * condition (ADR 0111), not a change. The same edge the version's window uses. */
const ONSET_EDGE_STEPS = 2

/** Requests of each version a cell needs to be paired: a mean of one request has no spread. */
const MIN_CELL = 2
/** New-version requests the pairs need in all: where a median difference first becomes testable
 * (thresholds.ts MIN_REQUESTS). */
const MIN_PAIRED = 30

export type CanaryMeasure = 'prefill' | 'decode' | 'ttft' | 'tpot'

export interface CanaryShift {
  measure: CanaryMeasure
  /** The new version's time over the old's in the same cells (geometric mean ratio). */
  ratio: number
  /** The log difference in its standard errors. */
  z: number
  /** The standard error of the log difference. */
  se: number
  /** New-version requests in paired cells. */
  n: number
}

export interface CanaryReading {
  version: string
  /** The versions it is read against: those that served before it. */
  against: string[]
  /** Its first request, epoch µs. */
  firstUs: number
  /** The engine's own work per token (prefill per uncached prompt token, decode per output token). */
  work: CanaryShift[]
  /** What its users saw: TTFT and TPOT themselves, in the same cells. */
  users: CanaryShift[]
  /** Where it ran. */
  replicas: string[]
}

/** The prompt-length cell of a request: its octave of prompt tokens; -1 when unknown. */
function promptOctave(tokens: number): number {
  return tokens === tokens && tokens > 0 ? Math.floor(Math.log2(tokens)) : -1
}

/**
 * The stratified log difference of `values` between `mine` (1) and `theirs` (2) in `cell`;
 * null when too few requests pair.
 */
export function pairedShift(
  values: Float64Array,
  group: Uint8Array,
  cell: Int32Array,
  measure: CanaryMeasure
): CanaryShift | null {
  interface Acc {
    n1: number
    s1: number
    q1: number
    n2: number
    s2: number
    q2: number
  }
  const cells = new Map<number, Acc>()
  for (let i = 0; i < values.length; i++) {
    const g = group[i] as number
    const v = values[i] as number
    if (g === 0 || !(v > 0) || (cell[i] as number) < 0) {
      continue
    }
    const x = Math.log(v)
    let a = cells.get(cell[i] as number)
    if (a === undefined) {
      a = { n1: 0, s1: 0, q1: 0, n2: 0, s2: 0, q2: 0 }
      cells.set(cell[i] as number, a)
    }
    if (g === 1) {
      a.n1++
      a.s1 += x
      a.q1 += x * x
    } else {
      a.n2++
      a.s2 += x
      a.q2 += x * x
    }
  }
  let sumW = 0
  let sumWD = 0
  let ss = 0
  let df = 0
  let n = 0
  for (const a of cells.values()) {
    if (a.n1 < MIN_CELL || a.n2 < MIN_CELL) {
      continue
    }
    const m1 = a.s1 / a.n1
    const m2 = a.s2 / a.n2
    // Within-cell squared deviations of both groups: one spread for the measure, so a cell of two
    // requests that happen to agree does not weigh as if it were certain.
    ss += a.q1 - a.n1 * m1 * m1 + (a.q2 - a.n2 * m2 * m2)
    df += a.n1 + a.n2 - 2
    const w = 1 / (1 / a.n1 + 1 / a.n2)
    sumW += w
    sumWD += w * (m1 - m2)
    n += a.n1
  }
  if (n < MIN_PAIRED || df < 1 || sumW === 0) {
    return null
  }
  const d = sumWD / sumW
  const se = Math.sqrt(Math.max(0, ss) / df / sumW)
  return { measure, ratio: Math.exp(d), z: se > 0 ? d / se : 0, se, n }
}

/** Steps × prompt octaves: the cell of each request; -1 outside the grid. */
function cellsOf(ctx: DiagnosisContext): Int32Array {
  const f = ctx.frame
  const octaves = 64
  const cell = new Int32Array(f.n)
  for (let i = 0; i < f.n; i++) {
    const o = promptOctave(f.inputTokens[i] as number)
    const step = Math.floor(((f.startUs[i] as number) - ctx.grid.fromUs) / ctx.grid.stepUs)
    // Requests of unknown prompt length pair among themselves.
    cell[i] = step < 0 ? -1 : step * octaves + (o + 1)
  }
  return cell
}

/**
 * `version`'s requests (version code `code`) against those of the versions in `others` from
 * `fromUs` on, in the same cells; its replicas are where it ran.
 */
function readVersion(
  ctx: DiagnosisContext,
  cell: Int32Array,
  code: number,
  others: ReadonlySet<number>,
  fromUs: number
): CanaryReading {
  const f = ctx.frame
  const vcol = f.dims.version
  const group = new Uint8Array(f.n)
  const replicas = new Set<string>()
  let firstUs = Infinity
  for (let i = 0; i < f.n; i++) {
    const c = vcol.codes[i] as number
    if (c === code) {
      group[i] = 1
      firstUs = Math.min(firstUs, f.startUs[i] as number)
      const r = f.dims.replica.codes[i] as number
      if (r >= 0) {
        replicas.add(f.dims.replica.values[r] as string)
      }
    } else if (others.has(c) && (f.startUs[i] as number) >= fromUs) {
      group[i] = 2
    }
  }
  const shifts = (list: [Float64Array, CanaryMeasure][]): CanaryShift[] =>
    list
      .map(([values, m]) => pairedShift(values, group, cell, m))
      .filter((s): s is CanaryShift => s !== null)
  return {
    version: vcol.values[code] as string,
    against: [...others].map((k) => vcol.values[k] as string),
    firstUs,
    work: shifts([
      [f.prefillPerTokenUs, 'prefill'],
      [f.perOutputTokenUs, 'decode'],
    ]),
    users: shifts([
      [f.ttftUserUs, 'ttft'],
      [f.tpotUs, 'tpot'],
    ]),
    replicas: [...replicas].sort(),
  }
}

/**
 * Each version whose onset is inside the data, read against the versions that served before it
 * in the same steps and prompt octaves. Versions with nothing to pair come out empty.
 */
export function canaryReadings(ctx: DiagnosisContext): CanaryReading[] {
  const f = ctx.frame
  const vcol = f.dims.version
  if (vcol.values.length < 2) {
    return []
  }
  const first = vcol.values.map(() => Infinity)
  for (let i = 0; i < f.n; i++) {
    const c = vcol.codes[i] as number
    if (c >= 0) {
      first[c] = Math.min(first[c] as number, f.startUs[i] as number)
    }
  }
  const { fromUs } = ctx.input.window
  const cell = cellsOf(ctx)
  const out: CanaryReading[] = []
  vcol.values.forEach((_, code) => {
    const firstUs = first[code] as number
    if (!(firstUs - fromUs > ONSET_EDGE_STEPS * ctx.grid.stepUs)) {
      return
    }
    const older = new Set(
      vcol.values.map((__, k) => k).filter((k) => k !== code && (first[k] as number) < firstUs)
    )
    if (older.size > 0) {
      out.push(readVersion(ctx, cell, code, older, firstUs))
    }
  })
  return out
}

/**
 * `version` against every other version in the same steps and prompt octaves, whenever they
 * served side by side (an old version as well as a new one); null when it is not in the data.
 */
export function versionAgainstOthers(ctx: DiagnosisContext, version: string): CanaryReading | null {
  const vcol = ctx.frame.dims.version
  const code = vcol.values.indexOf(version)
  if (code < 0 || vcol.values.length < 2) {
    return null
  }
  const others = new Set(vcol.values.map((_, k) => k).filter((k) => k !== code))
  return readVersion(ctx, cellsOf(ctx), code, others, -Infinity)
}
