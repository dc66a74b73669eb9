/**
 * Scans every latency measure for an anomaly in its *excess* (observed − what the token mix
 * predicts, see workload-model.ts), at the median and at the tail, over time and per dimension
 * value: a region whose median moved by 130 ms is found even when the global P99 did not move.
 *
 * For each measure the strongest anomaly (excess volume: level shift × requests it touches) is
 * kept with its time window (null = the whole window, when one scope is out of line all along),
 * then localised over every dimension and pair (localize.ts) and split into its token-mix, load
 * and rate parts.
 */
import { localize, type LocalizedElement } from '../../concentration/localize.js'
import { DIMENSIONS, STAGE_NAMES, type StageName } from '../../model/request.js'
import { cellQuantiles } from '../../stats/cell-quantiles.js'
import { sortFloats } from '../../stats/float-sort.js'
import { medianShift, quantileSorted, quantileUnsorted } from '../../stats/quantile.js'
import { bucketOf, type BucketGrid } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import type { RequestFrame } from '../frame/frame.js'
import { TPOT_STAGES, TTFT_STAGES } from './stage-stats.js'
import {
  arrivalLoad,
  fitWorkloadModel,
  mixtureMedian,
  type ReferenceSet,
  type WorkloadFeatures,
} from './workload-model.js'
import { driftingLoad, loadCurve } from './load-curve.js'

export type ScanMeasure = 'ttft' | 'ttft_server' | 'tpot' | 'itl_max' | 'e2e'

export interface ShiftParts {
  /** Median shift explained by the token mix (µs; null when either side has no value of it). */
  tokensUs: number | null
  /** Median shift explained by load on the replica (µs; null when unknown). */
  loadUs: number | null
  /** Median shift the workload does not explain: the same work got slower (µs; null when unknown). */
  rateUs: number | null
  /** Null when a part is unknown: the mix and rate readings each need all three (ADR 0393). */
  kind: 'mix' | 'rate' | null
}

export interface MeasureAnomaly {
  measure: ScanMeasure
  /** The one stage scanned, when the anomaly is in a stage of the measure rather than its total. */
  stage: StageName | null
  /** Stages that make up the scanned values. */
  stages: readonly StageName[]
  /** Typical value of the whole measure (µs): what a shift is weighed against for the user. */
  impactBaseUs: number
  quantile: 'p50' | 'p99'
  /** Scope whose series showed the change (null = all requests). */
  seriesScope: { dimension: string; value: string } | null
  /** Bucket range, or null = the whole window (a scope out of line throughout). */
  buckets: { from: number; to: number } | null
  /** 1 = request in the anomaly set (window ∩ series scope for localisation: window only). */
  inWindow: Uint8Array
  /** Typical value of the measure outside the anomaly (median, µs). */
  baselineUs: number
  /** Level shift of the scope's series (µs). */
  shiftUs: number
  /** Shift in robust noise units of the median difference. */
  z: number
  /** Requests the anomaly touches. */
  affected: number
  localized: LocalizedElement | null
  elements: LocalizedElement[]
  parts: ShiftParts
  /** Per request: excess over the token-mix expectation (µs). */
  excessUs: Float64Array
  values: Float64Array
}

interface MeasureDef {
  measure: ScanMeasure
  features: WorkloadFeatures
  stages: readonly StageName[]
  /** Scans one stage of the measure on its own (values = that stage's time). */
  stage?: StageName
}

/**
 * Stages of TTFT scanned on their own as well: their time does not depend on load or tokens, so
 * a shift in them stands out even when the queue's load swings make TTFT as a whole noisy (a
 * region's round trips, a gateway's queue, a slow retrieval call, time no span covers).
 */
const SCAN_STAGES: readonly StageName[] = [
  'network',
  'gateway.queue',
  'gateway.upstream',
  'downstream',
  'client.unattributed',
  'gateway.unattributed',
  'engine.unattributed',
]

export const SCAN_MEASURES: readonly MeasureDef[] = [
  // The user's TTFT includes the round trips of the client's region: a far region is slower by
  // nature, so the region is part of what a request should take.
  {
    measure: 'ttft',
    features: { prompt: true, cached: true, output: false, region: true },
    stages: TTFT_STAGES,
  },
  {
    measure: 'ttft_server',
    features: { prompt: true, cached: true, output: false },
    stages: ['engine.frontend', 'engine.queue', 'engine.prefill'],
  },
  {
    measure: 'tpot',
    features: { prompt: true, cached: false, output: false },
    stages: TPOT_STAGES,
  },
  {
    measure: 'itl_max',
    features: { prompt: true, cached: false, output: true },
    stages: TPOT_STAGES,
  },
  // E2E is made of every stage (stagesOfMeasure): its excess is read on the stage that grew. With
  // none listed, every E2E excess was time no span covers, and read as the gateway's own wait.
  { measure: 'e2e', features: { prompt: true, cached: false, output: true }, stages: STAGE_NAMES },
  ...SCAN_STAGES.map((stage) => ({
    measure: 'ttft' as const,
    features: { prompt: false, cached: false, output: false, region: stage === 'network' },
    stages: [stage],
    stage,
  })),
]

/**
 * Time before the first token that no span covers, on requests whose TTFT the client measured:
 * the named `client.unattributed` stage where the timeline has it, else the user's TTFT minus
 * every TTFT stage (an accept queue, a proxy, a client that waits before sending).
 */
function clientGap(frame: RequestFrame): Float64Array {
  const named = frame.stages['client.unattributed']
  const out = new Float64Array(frame.n).fill(NaN)
  for (let i = 0; i < frame.n; i++) {
    const v = named[i] as number
    if (v === v) {
      out[i] = v
      continue
    }
    const t = frame.ttftUserUs[i] as number
    if (t !== t || frame.ttftFromClient[i] !== 1) {
      continue
    }
    let covered = 0
    for (const s of TTFT_STAGES) {
      const x = frame.stages[s][i] as number
      covered += x === x && x > 0 ? x : 0
    }
    out[i] = Math.max(0, t - covered)
  }
  return out
}

/** The per-request values of a scan measure (or of one of its stages). */
function measureValues(frame: RequestFrame, def: MeasureDef): Float64Array {
  if (def.stage === 'client.unattributed') {
    return clientGap(frame)
  }
  if (def.stage !== undefined) {
    return frame.stages[def.stage]
  }
  switch (def.measure) {
    case 'ttft':
      return frame.ttftUserUs
    case 'ttft_server': {
      const out = new Float64Array(frame.n).fill(NaN)
      const cols = [
        frame.stages['engine.frontend'],
        frame.stages['engine.queue'],
        frame.stages['engine.prefill'],
      ]
      for (let i = 0; i < frame.n; i++) {
        let sum = 0
        let any = false
        for (const c of cols) {
          const v = c[i] as number
          if (v === v) {
            any = true
            sum += v > 0 ? v : 0
          }
        }
        out[i] = any ? sum : NaN
      }
      return out
    }
    case 'tpot':
      return frame.tpotUs
    case 'itl_max':
      return frame.itlMaxUs
    case 'e2e':
      return frame.e2eUs
  }
}

function median(list: readonly number[] | Float64Array): number {
  // Selected on a copy: the value the copy's sort put at the rank (ADR 0494).
  return quantileUnsorted(Float64Array.from(list), 0.5)
}

/** Per (group, bucket) quantile of values; groups from codes (−1 = skip). */
function groupSeries(
  grid: BucketGrid,
  frame: RequestFrame,
  values: Float64Array,
  codes: Int32Array | null,
  groups: number,
  q: number,
  minCount: number
): Float64Array[] {
  const cellOf = new Int32Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const g = codes === null ? 0 : (codes[i] as number)
    const b = bucketOf(grid, frame.startUs[i] as number)
    cellOf[i] = g < 0 || b < 0 ? -1 : g * grid.count + b
  }
  const all = cellQuantiles(cellOf, values, groups * grid.count, q, minCount)
  return Array.from({ length: groups }, (_, g) =>
    all.subarray(g * grid.count, (g + 1) * grid.count)
  )
}

interface Candidate {
  quantile: 'p50' | 'p99'
  scope: { dimension: string; value: string; code: number; codes: Int32Array } | null
  buckets: { from: number; to: number } | null
  shiftUs: number
  volume: number
}

/**
 * Fewest steps a level needs to count. Half-minute steps are used only when each holds ≥ 100
 * requests (frame/context.ts), so one step's median is itself well estimated and a level that
 * holds for two of them (a minute) is a level; coarser steps hold fewer requests and need three.
 * With three half-minute steps, a fault in the last minute of the data could never be a segment.
 */
export function minSegmentSteps(grid: BucketGrid): number {
  return grid.stepUs <= 30_000_000 ? 2 : 3
}

/** Elevated span of an excess series, measured against a positive offset (the typical value). */
export function elevatedSpan(
  series: Float64Array,
  offsetUs: number,
  minRelative: number,
  minScore = 4,
  minSegment = 3
): { from: number; to: number; shift: number } | null {
  const shifted = Array.from(series, (v) => (v === v ? v + offsetUs : NaN))
  const result = detectChangePoints(shifted, {
    minRelativeChange: minRelative,
    minScore,
    minSegment,
  })
  const span = findElevatedSpan(result, minRelative)
  return span === null
    ? null
    : { from: span.start, to: span.end, shift: span.elevated - span.baseline }
}

/** Shortest change a single dimension value's series may show (µs). */
const SCOPED_MIN_US = 180_000_000

const PEER_DIMENSIONS: ReadonlySet<string> = new Set(['replica', 'node', 'version', 'gateway'])

/** Dimensions a scope may be found in (the request's own dimensions). */
function dimensionColumns(
  frame: RequestFrame
): { dimension: string; codes: Int32Array; values: string[] }[] {
  return DIMENSIONS.map((d) => ({
    dimension: d,
    codes: frame.dims[d].codes,
    values: frame.dims[d].values,
  })).filter((c) => c.values.length >= 2)
}

function robustSpread(values: Float64Array): number {
  // Loops, not a filter and a mapping callback per value: the same values at a third of the cost.
  let n = 0
  for (let i = 0; i < values.length; i++) {
    n += values[i] === values[i] ? 1 : 0
  }
  const finite = new Float64Array(n)
  let j = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (v === v) {
      finite[j++] = v
    }
  }
  // Both medians selected in place: the deviations' median does not depend on their order.
  const m = quantileUnsorted(finite, 0.5)
  const dev = new Float64Array(n)
  for (let k = 0; k < n; k++) {
    dev[k] = Math.abs((finite[k] as number) - m)
  }
  return Math.max(1, 1.4826 * quantileUnsorted(dev, 0.5))
}

function medianWhere(
  values: Float64Array,
  mask: Uint8Array,
  want: 0 | 1
): { m: number; n: number } {
  let n = 0
  for (let i = 0; i < values.length; i++) {
    if (mask[i] === want && values[i] === values[i]) {
      n++
    }
  }
  const list = new Float64Array(n)
  let j = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (mask[i] === want && v === v) {
      list[j++] = v
    }
  }
  return { m: n > 0 ? quantileUnsorted(list, 0.5) : NaN, n }
}

/** Candidate anomalies of one measure's excess (see module header). */
function candidatesOf(
  frame: RequestFrame,
  grid: BucketGrid,
  excess: Float64Array,
  typicalUs: number,
  tailUs: number,
  spreadUs: number
): Candidate[] {
  const out: Candidate[] = []
  const n = frame.n
  const bucket = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    bucket[i] = bucketOf(grid, frame.startUs[i] as number)
  }
  const countIn = (codes: Int32Array | null, code: number, from: number, to: number): number => {
    let c = 0
    for (let i = 0; i < n; i++) {
      const b = bucket[i] as number
      if (
        b >= from &&
        b <= to &&
        excess[i] === excess[i] &&
        (codes === null || codes[i] === code)
      ) {
        c++
      }
    }
    return c
  }
  const [p50] = groupSeries(grid, frame, excess, null, 1, 0.5, 5)
  const minSegment = minSegmentSteps(grid)
  const g50 = elevatedSpan(p50 as Float64Array, typicalUs, 0.08, 4, minSegment)
  if (g50) {
    out.push({
      quantile: 'p50',
      scope: null,
      buckets: g50,
      shiftUs: g50.shift,
      volume: g50.shift * countIn(null, 0, g50.from, g50.to),
    })
  }
  const [p99] = groupSeries(grid, frame, excess, null, 1, 0.99, 20)
  const g99 = elevatedSpan(p99 as Float64Array, tailUs, 0.25, 4, minSegment)
  if (g99) {
    // A tail shift touches about the top few percent of the requests in its window.
    const touched = 0.05 * countIn(null, 0, g99.from, g99.to)
    out.push({
      quantile: 'p99',
      scope: null,
      buckets: g99,
      shiftUs: g99.shift,
      volume: g99.shift * touched,
    })
  }
  const minCount = Math.max(30, 0.02 * n)
  const all = median(excess.filter((v) => v === v))
  for (const col of dimensionColumns(frame)) {
    const k = col.values.length
    if (k > 64) {
      continue
    }
    const series = groupSeries(grid, frame, excess, col.codes, k, 0.5, 5)
    const counts = new Float64Array(k)
    for (let i = 0; i < n; i++) {
      const c = col.codes[i] as number
      if (c >= 0 && excess[i] === excess[i]) {
        counts[c] = (counts[c] as number) + 1
      }
    }
    const medians = cellQuantiles(col.codes, excess, k, 0.5, 1)
    for (let c = 0; c < k; c++) {
      if ((counts[c] as number) < minCount) {
        continue
      }
      const scope = {
        dimension: col.dimension,
        value: col.values[c] as string,
        code: c,
        codes: col.codes,
      }
      // Many value series are tested at once, each noisier than the whole: a stricter score and
      // at least three minutes (one replica's queue swings for a minute or two on its own).
      const e = elevatedSpan(series[c] as Float64Array, typicalUs, 0.15, 6)
      if (e && (e.to - e.from + 1) * grid.stepUs >= SCOPED_MIN_US) {
        out.push({
          quantile: 'p50',
          scope,
          buckets: e,
          shiftUs: e.shift,
          volume: e.shift * countIn(col.codes, c, e.from, e.to),
        })
      }
      // Out of line over the whole window (no change in time): its median vs everyone's. Only
      // among peers that should perform alike (replicas, nodes, versions, gateways): a far
      // region or a tenant with its own habits is always different, and that is not a fault.
      if (!PEER_DIMENSIONS.has(col.dimension)) {
        continue
      }
      const shift = (medians[c] as number) - all
      const se =
        spreadUs * Math.sqrt(1 / (counts[c] as number) + 1 / Math.max(1, n - (counts[c] as number)))
      if (shift > 0.1 * typicalUs && shift / se >= 6 && (counts[c] as number) <= 0.6 * n) {
        out.push({
          quantile: 'p50',
          scope,
          buckets: null,
          shiftUs: shift,
          volume: shift * (counts[c] as number),
        })
      }
    }
  }
  return out
}

/**
 * Token-mix, load and rate parts of the median shift of set `inSet` over reference `ref`, in
 * sequence: the median each set would have had with its own requests' bins and the reference's
 * latency per bin (`mix`, by token mix; `load`, by token mix and load: workload-model.ts), then the
 * observed one. The token part is the first's shift, the load part what the second adds, and the
 * rate part what the observed median adds past both; the three add up to the observed shift.
 * `curve` (µs per request, load-curve.ts) is the part a drifting load explains on top of the
 * replica's binned load: load, not rate, added at each set's median.
 *
 * Medians of the bins' own medians would not do: their values are a few steps, and a median that
 * sits at a step flips between two bins on a change of the mix of a point or two. On a run whose
 * traffic tripled with the same prompts, 49.8 % of the window's requests against 51.2 % of the
 * reference's fell in the short-prompt bins, and the token mix "explained" 64 of TTFT's 208 ms
 * rise (ADR 0539).
 */
export function shiftParts(
  values: Float64Array,
  mix: ReferenceSet | null,
  load: ReferenceSet | null,
  inSet: Uint8Array,
  ref: Uint8Array,
  curve: Float64Array | null = null
): ShiftParts {
  const diff = (at: (set: Uint8Array) => number): number | null => {
    const a = at(inSet)
    const b = at(ref)
    return a === a && b === b ? a - b : null
  }
  const curveAt = (set: Uint8Array): number => (curve === null ? 0 : medianWhere(curve, set, 1).m)
  const mixShift = mix === null ? null : diff((set) => mixtureMedian(mix, set))
  const loadShift = load === null ? null : diff((set) => mixtureMedian(load, set) + curveAt(set))
  const observed = diff((set) => medianWhere(values, set, 1).m)
  const tokensUs = mixShift
  const loadUs = loadShift === null || mixShift === null ? null : loadShift - mixShift
  const rateUs = observed === null || loadShift === null ? null : observed - loadShift
  // The workload's share (tokens + load) is weighed against the rate: an unknown part could have
  // either sign, so no known part decides alone and the kind stays unknown (ADR 0393).
  const kind =
    tokensUs === null || loadUs === null || rateUs === null
      ? null
      : tokensUs + loadUs > rateUs
        ? 'mix'
        : 'rate'
  return { tokensUs, loadUs, rateUs, kind }
}

/** Anomalies below this robust z of the median difference are load noise, not findings. */
const MIN_Z = 3
/** At most this many anomalies (different scopes) are kept per measure. */
const MAX_PER_MEASURE = 3

/** The anomaly set of a candidate, its reference and the robust z of their median difference. */
function anomalySets(
  frame: RequestFrame,
  grid: BucketGrid,
  best: Candidate,
  excess: Float64Array
): {
  inWindow: Uint8Array
  inSet: Uint8Array
  ref: Uint8Array
  z: number
  baseLevel: number
  affected: number
} {
  const inWindow = new Uint8Array(frame.n)
  const inSet = new Uint8Array(frame.n)
  const ref = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const b = bucketOf(grid, frame.startUs[i] as number)
    const inTime = best.buckets === null || (b >= best.buckets.from && b <= best.buckets.to)
    const inScope = best.scope === null || best.scope.codes[i] === best.scope.code
    inWindow[i] = inTime ? 1 : 0
    inSet[i] = inTime && inScope ? 1 : 0
    ref[i] = best.buckets === null ? (inScope ? 0 : 1) : inTime ? 0 : 1
  }
  if (best.buckets !== null && best.scope !== null) {
    // Same scope outside the window is the fairest reference for a scoped change in time.
    for (let i = 0; i < frame.n; i++) {
      ref[i] = inWindow[i] === 0 && best.scope.codes[i] === best.scope.code ? 1 : 0
    }
  }
  const a = medianWhere(excess, inSet, 1)
  const r = medianWhere(excess, ref, 1)
  let z = clusterZ(frame, grid, excess, inSet, ref)
  if (best.buckets !== null && best.scope !== null && z > 0) {
    // A scope is the answer only when its peers did not move alike in the same minutes: a
    // region that shifts with everyone else is a sample of a global change, not its place.
    const peersIn = new Uint8Array(frame.n)
    const peersOut = new Uint8Array(frame.n)
    for (let i = 0; i < frame.n; i++) {
      const peer = best.scope.codes[i] !== best.scope.code
      peersIn[i] = peer && inWindow[i] === 1 ? 1 : 0
      peersOut[i] = peer && inWindow[i] === 0 ? 1 : 0
    }
    const pi = medianWhere(excess, peersIn, 1)
    const po = medianWhere(excess, peersOut, 1)
    const peerShift = pi.n > 0 && po.n > 0 ? pi.m - po.m : 0
    if (peerShift > 0.5 * (a.m - r.m)) {
      z = 0
    }
  }
  return { inWindow, inSet, ref, z, baseLevel: r.n > 0 ? r.m : 0, affected: a.n }
}

/**
 * Robust z of the median difference between `inSet` and `ref`, counted in (replica × step)
 * cells rather than requests: requests that share a replica's queue in the same minute rise and
 * fall together, so a load swing on one replica is one observation, not hundreds. Each cell gives
 * its median; the z compares the medians of the cell medians against their spread.
 */
export function clusterZ(
  frame: RequestFrame,
  grid: BucketGrid,
  excess: Float64Array,
  inSet: Uint8Array,
  ref: Uint8Array
): number {
  return clusterShift(frame, grid, excess, inSet, ref).z
}

/**
 * Request `i`'s replica × grid-step cell (the replica's code + 1, so requests without a replica
 * form a row of their own), or −1 when it starts outside the grid.
 */
export function replicaStepCell(frame: RequestFrame, grid: BucketGrid, i: number): number {
  const b = bucketOf(grid, frame.startUs[i] as number)
  return b < 0 ? -1 : ((frame.dims.replica.codes[i] as number) + 1) * grid.count + b
}

/**
 * {@link clusterZ} with the size it tests: the median of `inSet`'s cell medians less `ref`'s, in
 * the unit of `excess`, and its standard error (the z's denominator; infinite when either side
 * has no cell: nothing is ruled out). A certain shift can still be too small to matter, and an
 * uncertain one can be too small to be anything; the size and its error say which.
 */
export function clusterShift(
  frame: RequestFrame,
  grid: BucketGrid,
  excess: Float64Array,
  inSet: Uint8Array,
  ref: Uint8Array
): { z: number; shift: number; se: number } {
  const replicas = frame.dims.replica.values.length + 1
  const cells = replicas * grid.count
  const setCell = new Int32Array(frame.n).fill(-1)
  const refCell = new Int32Array(frame.n).fill(-1)
  for (let i = 0; i < frame.n; i++) {
    const c = replicaStepCell(frame, grid, i)
    if (c < 0) {
      continue
    }
    if (inSet[i] === 1) {
      setCell[i] = c
    } else if (ref[i] === 1) {
      refCell[i] = c
    }
  }
  const finiteOf = (list: Float64Array): Float64Array => list.filter((v) => v === v).sort()
  const setMed = finiteOf(cellQuantiles(setCell, excess, cells, 0.5, 3))
  const refMed = finiteOf(cellQuantiles(refCell, excess, cells, 0.5, 3))
  if (setMed.length === 0 || refMed.length === 0) {
    return { z: 0, shift: 0, se: Infinity }
  }
  return medianShift(setMed, refMed, 1)
}

/** The strongest anomaly of each measure that has one. */
export function scanExcess(
  frame: RequestFrame,
  grid: BucketGrid,
  only: ScanMeasure | null = null
): MeasureAnomaly[] {
  const load = arrivalLoad(frame, grid)
  // The fleet's load per step when it drifted without a jump (null otherwise): the excess then
  // loses what the drift explains (load-curve.ts, ADR 0298).
  const drift = driftingLoad(frame, grid)
  const columns = dimensionColumns(frame)
  const out: MeasureAnomaly[] = []
  const measureTypical = new Map<ScanMeasure, number>()
  for (const def of SCAN_MEASURES) {
    if (only !== null && def.measure !== only) {
      continue
    }
    if (def.measure === 'e2e' && out.length > 0) {
      // E2E repeats TTFT and decode: scanned only when nothing else moved.
      continue
    }
    const values = measureValues(frame, def)
    const finite = values.filter((v) => v === v)
    if (finite.length < 30) {
      continue
    }
    // `finite` is this loop's own copy: sorted in place, by radix at a large sample's size.
    const sortedAll = sortFloats(finite)
    const typicalUs = Math.max(1, quantileSorted(sortedAll, 0.5))
    if (def.stage === undefined) {
      measureTypical.set(def.measure, typicalUs)
    } else if (finite.length < 0.5 * frame.n) {
      continue
    }
    const tailUs = Math.max(1, quantileSorted(sortedAll, 0.99))
    // Baseline for the workload model: steps where the raw median is not elevated.
    const [raw50] = groupSeries(grid, frame, values, null, 1, 0.5, 5)
    const rawSpan = elevatedSpan(raw50 as Float64Array, 0, 0.15, 4, minSegmentSteps(grid))
    const baseline = new Uint8Array(frame.n)
    for (let i = 0; i < frame.n; i++) {
      const b = bucketOf(grid, frame.startUs[i] as number)
      baseline[i] = rawSpan !== null && b >= rawSpan.from && b <= rawSpan.to ? 0 : 1
    }
    const model = fitWorkloadModel(frame, values, baseline, load, def.features)
    const curve = drift === null ? null : loadCurve(frame, grid, model.excessUs, drift)
    const excess =
      curve === null ? model.excessUs : model.excessUs.map((v, i) => v - (curve[i] as number))
    const spreadUs = robustSpread(excess)
    const candidates = candidatesOf(frame, grid, excess, typicalUs, tailUs, spreadUs)
    if (candidates.length === 0) {
      continue
    }
    // Significance first, then size: a large tail swing that is only load noise (z ≈ 0) must not
    // hide a smaller shift every request of one region pays. Up to MAX_PER_MEASURE anomalies per
    // measure, each a different scope.
    const scored = candidates
      .map((cand) => ({ cand, sets: anomalySets(frame, grid, cand, excess) }))
      .filter((x) => x.sets.z >= MIN_Z)
      .sort((a, b) => b.cand.volume - a.cand.volume || (a.cand.scope === null ? -1 : 1))
    const kept: typeof scored = []
    for (const x of scored) {
      const key = x.cand.scope === null ? '' : `${x.cand.scope.dimension}=${x.cand.scope.value}`
      if (
        kept.some(
          (k) =>
            (k.cand.scope === null ? '' : `${k.cand.scope.dimension}=${k.cand.scope.value}`) === key
        )
      ) {
        continue
      }
      kept.push(x)
      if (kept.length >= MAX_PER_MEASURE) {
        break
      }
    }
    for (const { cand: best, sets } of kept) {
      const { inWindow, inSet, ref, z, baseLevel, affected } = sets
      const contribution = new Float64Array(frame.n)
      for (let i = 0; i < frame.n; i++) {
        const v = excess[i] as number
        contribution[i] = v === v ? v - baseLevel : 0
      }
      const loc = localize(
        columns,
        contribution,
        best.buckets === null ? new Uint8Array(frame.n).fill(1) : inWindow
      )
      const typicalRef = medianWhere(values, ref, 1).m
      out.push({
        measure: def.measure,
        stage: def.stage ?? null,
        stages: def.stages,
        impactBaseUs: measureTypical.get(def.measure) ?? typicalUs,
        quantile: best.quantile,
        seriesScope: best.scope
          ? { dimension: best.scope.dimension, value: best.scope.value }
          : null,
        buckets: best.buckets,
        inWindow,
        baselineUs: typicalRef === typicalRef ? typicalRef : typicalUs,
        shiftUs: best.shiftUs,
        z,
        affected,
        localized: loc.best,
        elements: loc.elements.slice(0, 10),
        parts: shiftParts(values, model.mixReference, model.loadReference, inSet, ref, curve),
        excessUs: excess,
        values,
      })
    }
  }
  return out
}
