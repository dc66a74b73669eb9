/**
 * `GET /api/diagnosis` (the CONTRACT §5 JSON for the window and filters) and
 * `GET /api/concentration` (which dimension values hold one measure's slow requests).
 */
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import { loadWindow, windowReach, type ReadReuse } from '../../core/diagnosis/frame/load-window.js'
import { DIAGNOSIS_SAMPLE, runDiagnosis } from '../../core/diagnosis/run-diagnosis.js'
import { concentrationOfMeasure } from '../../core/concentration/measure-concentration.js'
import { AppError } from '../../core/errors.js'
import { setNewest } from '../../core/lru.js'
import { concentrationJson } from '../../core/diagnosis/explain/concentration-json.js'
import { round } from '../../core/diagnosis/explain/text.js'
import { DURATION_MEASURES } from '../../core/model/request.js'
import { diagnosisSloTargets } from '../../core/slo/diagnosis-targets.js'
import type { SloTargets } from '../../core/diagnosis/frame/input.js'
import type { AppDeps, ReadDeps } from '../app-deps.js'
import { apiLimitsOf, checkDiagnosisBudget, diagnosisRowBudget } from '../limits.js'
import { createDiagnosisCache, type DiagnosisCache, type Reach } from '../diagnosis-cache.js'
import type { KeptRead } from '../../core/diagnosis/frame/kept-read.js'
import { requestRollupOf } from '../../storage/rollup/request-rollup.js'
import type { DimensionFilters } from '../../core/model/query.js'
import type { Micros } from '../../core/model/units.js'
import { parseFilters, parseParam, parseWindow, type RawQuery } from '../params.js'
import type { InFlight } from '../in-flight.js'
import { sharingScans } from '../shared-scan.js'

/**
 * How long a background refresh waits for the requests being answered at most: under constant
 * traffic it must still start.
 */
const REFRESH_WAIT_MS = 1000

/** Diagnosis reads kept for reuse (ADR 0257): the windows a page is refreshing. */
const MAX_KEPT_READS = 2

const SLO_PARAMS = [
  ['slo_ttft_ms', 'ttftMs'],
  ['slo_tpot_ms', 'tpotMs'],
  ['slo_e2e_ms', 'e2eMs'],
] as const

/**
 * `slo_ttft_ms`, `slo_tpot_ms`, `slo_e2e_ms` (at p99), as `diagnose --slo-*-ms` sends them; null
 * when none is given. Given ones replace the configured tiers' targets for this request.
 */
function requestedSlos(query: RawQuery): SloTargets | null {
  const out: SloTargets = {}
  for (const [param, key] of SLO_PARAMS) {
    const ms = parseParam(
      query,
      param,
      z.coerce.number().positive().finite(),
      'a positive number of milliseconds'
    )
    if (ms !== undefined) {
      out[key] = ms
    }
  }
  return Object.keys(out).length > 0 ? out : null
}

/** One diagnosis query as a string: the same window, filters and targets give the same key. */
function diagnosisKey(
  window: { fromUs?: Micros; toUs?: Micros },
  filters: DimensionFilters,
  slos: SloTargets | null
): string {
  const dims = Object.entries(filters)
    .filter(([, v]) => v !== undefined && v.length > 0)
    .map(([d, v]) => [d, [...(v as string[])].sort()])
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
  return JSON.stringify([window.fromUs ?? null, window.toUs ?? null, dims, slos])
}

/**
 * `stale=allow`: the last answer of the same window definition may come at once, marked stale,
 * while a refresh runs (ADR 0225); `stale=refresh`: the answer of that refresh. `window_def`
 * names a relative window ("range=1h") so that its answers are found again although each ask
 * resolves it to other bounds; without it the resolved window is the definition. `stale=kept`:
 * only what is held (the current answer, else the last of the definition, labelled as `allow`
 * labels it), never a run: 204 when nothing is held. The page asks it with its charts' first
 * wave, which a read of the window's rows must not join (ADR 0165, 0407).
 */
type StaleMode = 'allow' | 'refresh' | 'kept'

function staleParams(query: RawQuery): { mode: StaleMode | null; def: string | null } {
  const mode =
    parseParam(query, 'stale', z.enum(['allow', 'refresh', 'kept']), 'allow, refresh or kept') ??
    null
  const def =
    parseParam(query, 'window_def', z.string().min(1).max(64), 'a name of at most 64 characters') ??
    null
  return { mode, def }
}

/**
 * One query's answer from `cache`, as `mode` asks it: the current answer (no mode), the last
 * answer of the same definition `def` labelled stale (`allow`, ADR 0225), or a fresh one
 * (`refresh`). The body stays the answer itself; when it was computed, and whether the store may
 * have changed since, travel beside it in headers.
 */
async function answerFrom<T>(
  c: Context,
  cache: DiagnosisCache<T>,
  mode: StaleMode | null,
  query: { key: string; def: string; run: () => Promise<T>; reach: Reach }
): Promise<Response> {
  const { key, def, run, reach } = query
  if (mode === null) {
    return c.json(await cache.get(key, run, reach))
  }
  const answer =
    mode === 'kept'
      ? await cache.kept(key, def)
      : mode === 'allow'
        ? await cache.getOrStale(key, def, run, reach)
        : { ...(await cache.getRefreshed(key, run, reach)), stale: false }
  if (answer === undefined) {
    return c.body(null, 204)
  }
  c.header('tokenline-as-of', new Date(answer.asOfMs).toISOString())
  c.header('tokenline-stale', String(answer.stale))
  return c.json(answer.value)
}

export function registerDiagnosisRoutes(
  app: Hono,
  deps: ReadDeps & Pick<AppDeps, 'slo' | 'diagnosisFile'> & Partial<Pick<AppDeps, 'logger'>>,
  inFlight?: InFlight
): void {
  // A stale answer's refresh starts once the answers being given have gone (ADR 0272).
  const beforeRefresh = inFlight === undefined ? undefined : () => inFlight.quiet(REFRESH_WAIT_MS)
  // The configured SLO tiers' latency targets mark a breach and widen the slow cohort.
  const slos = deps.slo === undefined ? null : diagnosisSloTargets(deps.slo.settings.tiers)
  const cache = createDiagnosisCache<Awaited<ReturnType<typeof runDiagnosis>>['diagnosis']>(
    deps.store,
    {
      ...(deps.diagnosisFile === undefined ? {} : { file: deps.diagnosisFile }),
      onFileError: (err) =>
        deps.logger?.warn('diagnosis: the file of last answers could not be used', {
          file: deps.diagnosisFile,
          error: err instanceof Error ? err.message : String(err),
        }),
      now: deps.now,
      // Kept beside the rollup across a restart when the store can (ADR 0366).
      shelfName: 'diagnosis',
      ...(beforeRefresh === undefined ? {} : { beforeRefresh }),
      readable: (v): v is Awaited<ReturnType<typeof runDiagnosis>>['diagnosis'] =>
        typeof v === 'object' &&
        v !== null &&
        'schema' in v &&
        v.schema === 'tokenline.diagnosis/v1',
    }
  )
  const concentrations = createDiagnosisCache<ReturnType<typeof concentrationBody>>(deps.store, {
    now: deps.now,
    shelfName: 'concentration',
    ...(beforeRefresh === undefined ? {} : { beforeRefresh }),
    readable: (v): v is ReturnType<typeof concentrationBody> =>
      typeof v === 'object' && v !== null && 'measure' in v && 'rows' in v && 'stages' in v,
  })
  // The rows of the last diagnoses' reads: the next run of the same window after a commit reads
  // only what the commits wrote in it (ADR 0257). A few tens of MB each at the sample cap.
  const rollup = requestRollupOf(deps.store)
  // The diagnosis and the concentration of one window, asked together by the page, read its
  // requests once (ADR 0312).
  const reader = sharingScans(deps.store)
  const reads = new Map<string, { generation: number; read: KeptRead }>()
  const readKey = (window: { fromUs?: Micros; toUs?: Micros }, filters: DimensionFilters) =>
    diagnosisKey(window, filters, null)
  /** Whether to keep the rows read, and the earlier read of this window to start from. */
  const reuseOf = (
    window: { fromUs?: Micros; toUs?: Micros },
    filters: DimensionFilters,
    generation: number | undefined,
    total: number
  ): { keep?: boolean; reuse?: ReadReuse } => {
    // An open window moves with the data: its rows are not kept.
    if (generation === undefined || window.fromUs === undefined || window.toUs === undefined) {
      return {}
    }
    const earlier = reads.get(readKey(window, filters))
    const written =
      earlier === undefined
        ? null
        : (rollup?.writtenSince(earlier.generation, window.fromUs, window.toUs) ?? null)
    return {
      keep: true,
      ...(earlier !== undefined && written !== null
        ? { reuse: { previous: earlier.read, written, total } }
        : {}),
    }
  }
  const keepRead = (key: string, generation: number | undefined, read: KeptRead | null) => {
    if (generation === undefined || read === null) {
      reads.delete(key)
      return
    }
    setNewest(reads, key, { generation, read }, MAX_KEPT_READS)
  }
  app.get('/api/diagnosis', async function diagnosis(c) {
    const query = c.req.queries()
    const limits = apiLimitsOf(deps)
    const window = await parseWindow(query, deps.now(), deps.store, limits)
    const filters = parseFilters(query, limits)
    const targets = requestedSlos(query) ?? slos
    const stale = staleParams(query)
    const key = diagnosisKey(window, filters, targets)
    const run = async () => {
      // Read before the count: a commit from here on is read again next time, never missed.
      const generation = rollup?.writeGeneration
      const total = await checkDiagnosisBudget(
        deps.store,
        { ...window, filters },
        limits,
        DIAGNOSIS_SAMPLE
      )
      const result = await runDiagnosis(reader, {
        ...window,
        filters,
        slos: targets,
        ...reuseOf(window, filters, generation, total),
      })
      keepRead(readKey(window, filters), generation, result.kept)
      return result.diagnosis
    }
    // Kept per query until the store commits inside what it read (ADR 0211, 0238).
    // The body stays the CONTRACT §5 object.
    return answerFrom(c, cache, stale.mode, {
      key,
      def: stale.def === null ? key : diagnosisKey({}, filters, targets) + stale.def,
      run,
      reach: windowReach(window),
    })
  })

  app.get('/api/concentration', async function concentration(c) {
    const query = c.req.queries()
    const limits = apiLimitsOf(deps)
    const window = await parseWindow(query, deps.now(), deps.store, limits)
    const filters = parseFilters(query, limits)
    const measure =
      parseParam(query, 'measure', z.enum(DURATION_MEASURES), 'ttft, tpot, itl_max or e2e') ??
      'ttft'
    // Taken in microseconds below: a value whose microseconds are not a finite number (1e308)
    // would read as no threshold at all, where it is a bad parameter.
    const positiveMs = z.coerce
      .number()
      .positive()
      .refine((v) => Number.isFinite(v * 1000))
    const slowMs = parseParam(query, 'slow_ms', positiveMs, 'a positive number of milliseconds')
    const epochMs = z.coerce
      .number()
      .nonnegative()
      .refine((v) => Number.isFinite(v * 1000))
    const slowFrom = parseParam(query, 'slow_from', epochMs, 'epoch milliseconds')
    const slowTo = parseParam(query, 'slow_to', epochMs, 'epoch milliseconds')
    const slowMaxMs = parseParam(
      query,
      'slow_max_ms',
      positiveMs,
      'a positive number of milliseconds'
    )
    if ((slowFrom === undefined) !== (slowTo === undefined) || (slowFrom ?? 0) > (slowTo ?? 0)) {
      throw new AppError('QUERY_INVALID', 'slow_from and slow_to go together, slow_from ≤ slow_to')
    }
    const slow =
      slowFrom === undefined || slowTo === undefined
        ? null
        : {
            fromUs: slowFrom * 1000,
            toUs: slowTo * 1000,
            maxValueUs: slowMaxMs === undefined ? undefined : slowMaxMs * 1000,
          }
    const stale = staleParams(query)
    // Kept until the store commits inside the window, as the diagnosis (ADR 0211, 0238).
    const key = JSON.stringify([diagnosisKey(window, filters, null), measure, slowMs ?? null, slow])
    const run = async () => {
      // The diagnosis' hash sample (ADR 0100), smaller still when the memory budget holds fewer
      // rows: a busy window answers from a sample, said in `sample`, not with a 400 (ADR 0241).
      const sample = Math.max(1, Math.min(DIAGNOSIS_SAMPLE, diagnosisRowBudget(limits)))
      const generation = rollup?.writeGeneration
      const total = await checkDiagnosisBudget(deps.store, { ...window, filters }, limits, sample)
      const load = await loadWindow(reader, {
        ...window,
        filters,
        requestsOnly: true,
        sample,
        ...reuseOf(window, filters, generation, total),
      })
      keepRead(readKey(window, filters), generation, load.kept)
      return concentrationBody(
        measure,
        concentrationOfMeasure(
          load.frame,
          measure,
          slowMs === undefined ? null : slowMs * 1000,
          load.window.fromUs,
          slow
        ),
        load.total > load.frame.n ? { read: load.frame.n, requests: load.total } : null
      )
    }
    // As the diagnosis' (ADR 0225): after a write in the window the page shows the last answer
    // of the same definition, labelled, instead of waiting for a read beside the charts' (ADR 0272).
    return answerFrom(c, concentrations, stale.mode, {
      key,
      def:
        stale.def === null
          ? key
          : JSON.stringify([diagnosisKey({}, filters, null), measure, slowMs ?? null, slow]) +
            stale.def,
      run,
      reach: windowReach(window),
    })
  })
}

/** µs → ms rounded for the JSON; unknown stays null. */
function msOf(us: number | null): number | null {
  return us === null ? null : round(us / 1000)
}

/**
 * The `/api/concentration` JSON of one result; `sample` is null when every request of the window
 * was read, else how many were (`slow` and `total` count the sample).
 */
function concentrationBody(
  measure: (typeof DURATION_MEASURES)[number],
  result: ReturnType<typeof concentrationOfMeasure>,
  sample: { read: number; requests: number } | null
) {
  return {
    measure,
    threshold_ms: round(result.thresholdUs / 1000),
    slow: result.slow,
    total: result.total,
    baseline: result.baseline,
    sample,
    rows: result.rows.filter((r) => r.significant).map(concentrationJson),
    // Where the slow requests spend their time against the rest needs both: with no slow request
    // (or no other) there is nothing to compare, so no stage is listed. Otherwise a figure the
    // breakdown could not form (a share of no stage time, of no extra time) is null (ADR 0343).
    // A stage no request of the window has is left out, as the diagnosis's own list does: its
    // mean would read 0 ms, a time measured, where the data holds none (ADR 0497).
    stages: (result.slow === 0 || result.slow === result.total ? [] : result.stages)
      .filter((st) => st.presence !== null && st.presence > 0)
      .map((st) => ({
        stage: st.stage,
        slow_share: round(st.slowShare),
        baseline_share: round(st.baselineShare),
        slow_mean_ms: msOf(st.slowMeanUs),
        baseline_mean_ms: msOf(st.baselineMeanUs),
        excess_ms: msOf(st.excessUs),
        excess_share: round(st.excessShare),
      })),
  }
}
