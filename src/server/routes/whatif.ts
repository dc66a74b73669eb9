/**
 * `GET /api/whatif` (the twin fitted to the window, its fit check and a prediction) and
 * `GET /api/compare` (a before/after verdict), the JSON of `tokenline whatif` and
 * `tokenline compare --format json` (docs/api.md, docs/whatif.md).
 */
import type { Hono } from 'hono'
import { z } from 'zod'
import { compareStored, parseRange, splitAt } from '../../core/compare/load.js'
import { AppError } from '../../core/errors.js'
import { loadTwinWindow } from '../../sim/twin/load.js'
import { parseChanges, parseSweep } from '../../sim/twin/parse.js'
import { DEFAULT_RUNS, runWhatIf } from '../../sim/twin/whatif.js'
import type { ReadDeps } from '../app-deps.js'
import { apiLimitsOf } from '../limits.js'
import { parseDurationMs } from '../../core/model/duration.js'
import {
  allValues,
  lastValue,
  parseParam,
  parseWindow,
  rejectUnknownParams,
  WINDOW_PARAMS,
} from '../params.js'

/** Seeded runs per prediction the API allows: each run replays the whole window. */
const MAX_RUNS = 20

/** What `GET /api/whatif` reads: the window (`parseWindow`), the changes and the runs. */
const WHATIF_PARAMS = [
  ...WINDOW_PARAMS,
  'load',
  'rate',
  'concurrency',
  'replicas',
  'routing',
  'max_num_seqs',
  'max_tokens_cap',
  'split',
  'remove_cause',
  'runs',
  'seed',
  'sweep',
  'slo_ttft_ms',
] as const

const COMPARE_PARAMS = ['before', 'after', 'at', 'span'] as const

export function registerWhatIfRoutes(app: Hono, deps: ReadDeps): void {
  app.get('/api/whatif', async function whatif(c) {
    const query = c.req.queries()
    rejectUnknownParams(query, WHATIF_PARAMS)
    const window = await parseWindow(query, deps.now(), deps.store, apiLimitsOf(deps))
    const changes = parseChanges({
      load: lastValue(query, 'load'),
      rate: lastValue(query, 'rate'),
      concurrency: lastValue(query, 'concurrency'),
      replicas: lastValue(query, 'replicas'),
      routing: lastValue(query, 'routing'),
      maxNumSeqs: lastValue(query, 'max_num_seqs'),
      maxTokensCap: lastValue(query, 'max_tokens_cap'),
      split: lastValue(query, 'split'),
      removeCause: allValues(query, 'remove_cause'),
    })
    const runs = parseParam(
      query,
      'runs',
      z.coerce.number().int().min(2).max(MAX_RUNS),
      `2..${MAX_RUNS}`
    )
    const seed =
      parseParam(query, 'seed', z.coerce.number().int().min(0), 'a whole number ≥ 0') ?? 1
    const sweepText = lastValue(query, 'sweep')
    const sloMs = parseParam(
      query,
      'slo_ttft_ms',
      z.coerce.number().positive(),
      'a positive number of milliseconds'
    )
    if (sweepText !== undefined && sloMs === undefined) {
      throw new AppError(
        'QUERY_INVALID',
        'sweep needs slo_ttft_ms, the TTFT p99 objective it tests'
      )
    }
    if (window.fromUs === undefined || window.toUs === undefined) {
      throw new AppError('QUERY_INVALID', 'the store holds no data to fit the twin to')
    }
    const loaded = await loadTwinWindow(deps.store, { fromUs: window.fromUs, toUs: window.toUs })
    return c.json(
      runWhatIf(loaded, {
        changes,
        ...(runs === undefined ? DEFAULT_RUNS : { runs }),
        seed,
        ...(sweepText !== undefined && sloMs !== undefined
          ? { sweep: { factors: parseSweep(sweepText), ttftP99Ms: sloMs } }
          : {}),
      })
    )
  })

  app.get('/api/compare', async function compare(c) {
    const query = c.req.queries()
    rejectUnknownParams(query, COMPARE_PARAMS)
    const before = lastValue(query, 'before')
    const after = lastValue(query, 'after')
    const at = lastValue(query, 'at')
    if ((before === undefined || after === undefined) === (at === undefined)) {
      throw new AppError('QUERY_INVALID', 'give before=FROM..TO and after=FROM..TO, or at=EVENT')
    }
    if (at !== undefined) {
      const spanText = lastValue(query, 'span') ?? '30m'
      const spanMs = parseDurationMs(spanText)
      if (spanMs === null || !(spanMs > 0)) {
        throw new AppError(
          'QUERY_INVALID',
          `span must be a duration like 30m (actual: ${JSON.stringify(spanText)})`
        )
      }
      const split = await splitAt(deps.store, at, spanMs * 1000, 'at')
      const report = await compareStored(deps.store, split.before, split.after)
      return c.json({ ...report, notes: [`split at ${split.event}`, ...report.notes] })
    }
    return c.json(
      await compareStored(deps.store, parseRange('before', before!), parseRange('after', after!))
    )
  })
}
