/**
 * `GET /api/diagnosis` (the CONTRACT §5 JSON for the window and filters) and
 * `GET /api/concentration` (which dimension values hold one measure's slow requests).
 */
import type { Hono } from 'hono'
import { z } from 'zod'
import { loadWindow } from '../../core/diagnosis/load-window.js'
import { runDiagnosis } from '../../core/diagnosis/run-diagnosis.js'
import { concentrationOfMeasure } from '../../core/concentration/measure-concentration.js'
import { concentrationJson } from '../../core/diagnosis/concentration-json.js'
import { round } from '../../core/diagnosis/rule.js'
import { DURATION_MEASURES } from '../../core/model/request.js'
import { diagnosisSloTargets } from '../../core/slo/diagnosis-targets.js'
import type { AppDeps, ReadDeps } from '../app-deps.js'
import { parseFilters, parseParam, parseWindow } from '../params.js'

export function registerDiagnosisRoutes(app: Hono, deps: ReadDeps & Pick<AppDeps, 'slo'>): void {
  // The configured SLO tiers' latency targets mark a breach and widen the slow cohort.
  const slos = deps.slo === undefined ? null : diagnosisSloTargets(deps.slo.settings.tiers)
  app.get('/api/diagnosis', async function diagnosis(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store)
    const filters = parseFilters(query)
    const { diagnosis: body } = await runDiagnosis(deps.store, { ...window, filters, slos })
    return c.json(body)
  })

  app.get('/api/concentration', async function concentration(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store)
    const filters = parseFilters(query)
    const measure =
      parseParam(query, 'measure', z.enum(DURATION_MEASURES), 'ttft, tpot, itl_max or e2e') ??
      'ttft'
    const slowMs = parseParam(
      query,
      'slow_ms',
      z.coerce.number().positive(),
      'a positive number of milliseconds'
    )
    const load = await loadWindow(deps.store, { ...window, filters, requestsOnly: true })
    const result = concentrationOfMeasure(
      load.frame,
      measure,
      slowMs === undefined ? null : slowMs * 1000,
      load.window.fromUs
    )
    return c.json({
      measure,
      threshold_ms: round(result.thresholdUs / 1000),
      slow: result.slow,
      total: result.total,
      rows: result.rows.filter((r) => r.significant).map(concentrationJson),
    })
  })
}
