/**
 * View model of the "before / after" panel: where the window can be split (its change events, or
 * its middle), and the `GET /api/compare` reply as rows of a forest plot: each change's interval
 * and point on one axis centred on no change.
 */

export type CompareVerdict = 'improved' | 'regressed' | 'no clear change' | 'inconclusive'

export interface CompareChange {
  /** after ÷ normalised before − 1; null when either side has no value. */
  change: number | null
  interval: [number, number] | null
  beforeMs: number | null
  afterMs: number | null
}

export interface CompareRowJson {
  before: { n: number }
  after: { n: number }
  p50: CompareChange
  p99: CompareChange
  verdict: CompareVerdict
  /** The quantiles the server's verdict rests on; empty unless improved or regressed. */
  restsOn: ('p50' | 'p99')[]
}

/** The part of the `tokenline.compare/v1` document the panel reads. */
export interface CompareReply {
  before: { start: string; end: string }
  after: { start: string; end: string }
  workload: {
    coverage: number | null
    before: { requests: number; ratePerSec: number | null }
    after: { requests: number; ratePerSec: number | null }
  }
  verdict: CompareVerdict
  measures: Record<'ttft' | 'tpot' | 'e2e', CompareRowJson>
  stages: ({ stage: string } & CompareRowJson)[]
  dimensions: ({ dimension: string; value: string; measure: string } & CompareRowJson)[]
  notes: string[]
}

export interface SplitChoice {
  label: string
  /** Epoch ms where after starts. */
  atMs: number
}

/**
 * Where the window can be split: each change event inside it (the latest first, as the one an
 * on-call engineer asks about), then its middle. An event at an edge leaves one side empty.
 */
export function splitChoices(
  window: { from: number; to: number },
  events: readonly { time_ms: number; kind: string; label: string }[]
): SplitChoice[] {
  // Events at one instant (a rollout's replicas) are one split point.
  const byTime = new Map<number, { time_ms: number; kind: string; label: string }[]>()
  for (const e of events) {
    if (e.time_ms > window.from && e.time_ms < window.to) {
      byTime.set(e.time_ms, [...(byTime.get(e.time_ms) ?? []), e])
    }
  }
  const inside = [...byTime.values()]
    .sort((a, b) => b[0]!.time_ms - a[0]!.time_ms)
    .slice(0, 20)
    .map((same) => {
      const e = same[0]!
      const more = same.length > 1 ? ` (+${same.length - 1} more)` : ''
      return {
        label: `${e.kind} ${new Date(e.time_ms).toISOString().slice(11, 19)}${e.label ? ` · ${e.label}` : ''}${more}`,
        atMs: e.time_ms,
      }
    })
  const middle = Math.round((window.from + window.to) / 2)
  return [...inside, { label: 'the middle of the window', atMs: middle }]
}

/**
 * The view's window cut to the data's extent (both ends inclusive, epoch ms): the dashboard's
 * window ends on whole chart steps, ~2 % past the data on each side of a 20-minute view, and a
 * side that reaches past the data has its rate read over the part covered, with a note saying so.
 */
export function clampToData(
  view: { from: number; to: number },
  extent: { startMs: number; endMs: number } | null
): { from: number; to: number } {
  if (extent === null) {
    return view
  }
  // Whole milliseconds, as `FROM..TO` takes them: the extent is read from microseconds.
  const from = Math.max(view.from, Math.floor(extent.startMs))
  const to = Math.min(view.to, Math.floor(extent.endMs) + 1)
  return from < to ? { from, to } : view
}

/** `before=FROM..TO&after=FROM..TO` for a split of the window at `atMs`. */
export function compareParams(
  window: { from: number; to: number },
  atMs: number
): Record<string, string> {
  return { before: `${window.from}..${atMs}`, after: `${atMs}..${window.to}` }
}

export interface ForestRow {
  label: string
  verdict: CompareVerdict
  /** Whether this quantile is one the verdict rests on (the panel colours only those). */
  carries: boolean
  change: CompareChange
  /** Positions on the axis as shares of its width (0..1, 0.5 = no change); null when unknown. */
  point: number | null
  interval: [number, number] | null
}

const LABELS: Record<string, string> = { ttft: 'TTFT', tpot: 'TPOT', e2e: 'E2E' }

/** The axis reaches ±this at most: a change of +400 % would squash every other row to a dot. */
const MAX_AXIS = 1

/**
 * The quantile a row is drawn at: P50 where the verdict rests on it, else P99 (a tenant's TPOT can
 * be `regressed` on its tail while its median moved 1 %, clearly but too little to count).
 */
function verdictQuantile(r: CompareRowJson): 'p50' | 'p99' {
  return r.restsOn.includes('p50') ? 'p50' : 'p99'
}

/**
 * TTFT, TPOT and E2E at P50 and P99, then the stages and dimension values with a verdict, on one
 * symmetric axis as wide as the largest interval end shown (at least ±5 %, at most ±100 %; a
 * farther end is drawn at the edge).
 */
export function forestRows(reply: CompareReply): { rows: ForestRow[]; axis: number } {
  const picked: { label: string; row: CompareRowJson; q: 'p50' | 'p99' }[] = []
  for (const m of ['ttft', 'tpot', 'e2e'] as const) {
    for (const q of ['p50', 'p99'] as const) {
      picked.push({ label: `${LABELS[m]} ${q}`, row: reply.measures[m], q })
    }
  }
  const moved = (r: CompareRowJson): boolean =>
    r.verdict === 'improved' || r.verdict === 'regressed'
  for (const s of reply.stages.filter(moved)) {
    const q = verdictQuantile(s)
    picked.push({ label: `${s.stage} ${q}`, row: s, q })
  }
  for (const d of reply.dimensions.filter(moved).slice(0, 8)) {
    const q = verdictQuantile(d)
    picked.push({
      label: `${d.dimension}=${d.value} ${LABELS[d.measure] ?? d.measure} ${q}`,
      row: d,
      q,
    })
  }
  let axis = 0.05
  for (const p of picked) {
    const c = p.row[p.q]
    for (const v of [c.change, ...(c.interval ?? [])]) {
      if (v !== null && Number.isFinite(v)) {
        axis = Math.max(axis, Math.min(MAX_AXIS, Math.abs(v)))
      }
    }
  }
  const at = (v: number | null): number | null =>
    v === null || !Number.isFinite(v) ? null : 0.5 + Math.max(-1, Math.min(1, v / axis)) / 2
  return {
    axis,
    rows: picked.map((p) => {
      const c = p.row[p.q]
      const lo = c.interval === null ? null : at(c.interval[0])
      const hi = c.interval === null ? null : at(c.interval[1])
      return {
        label: p.label,
        verdict: p.row.verdict,
        carries: p.row.restsOn.includes(p.q),
        change: c,
        point: at(c.change),
        interval: lo === null || hi === null ? null : [lo, hi],
      }
    }),
  }
}

/** A change as the text prints it: "+12 %", "−3.4 %", "0.0 %", or "–" when unknown. */
export function formatChange(v: number | null): string {
  if (v === null || !Number.isFinite(v)) {
    return '–'
  }
  const s = (Math.abs(v) * 100).toFixed(Math.abs(v) < 0.1 ? 1 : 0)
  if (Number(s) === 0) {
    return '0.0 %'
  }
  return `${v > 0 ? '+' : '−'}${s} %`
}

/** The verdict line: the overall verdict, how much of after the before window could stand for. */
export function compareStatus(reply: CompareReply): string {
  const cov = reply.workload.coverage
  const rate = (r: number | null): string => (r === null ? '–' : r.toFixed(2))
  return [
    reply.verdict.toUpperCase(),
    `${reply.workload.before.requests} → ${reply.workload.after.requests} requests`,
    `${rate(reply.workload.before.ratePerSec)} → ${rate(reply.workload.after.ratePerSec)} req/s`,
    `${cov === null ? '–' : Math.round(cov * 100)} % of after matched`,
  ].join(' · ')
}
