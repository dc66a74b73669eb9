import { api } from '../api/client.js'
import type { Percentiles } from '../api/schemas.js'
import { alignPoints } from '../model/align.js'
import { formatMs } from '../model/format.js'
import { MISSING_MEASURE_TEXT, quietValue, spikeSelection } from '../model/measures.js'
import { HEADLINE_MEASURES, type HeadlineMeasure } from '../../../src/core/model/request.js'
import { drawLines } from './draw-lines.js'
import { isAbort, type LoadContext } from './load-context.js'
import { firstWave } from './first-wave.js'
import { NO_REQUESTS, type PanelHandle } from './panel-frame.js'

/**
 * The one percentiles call behind the TTFT, TPOT and E2E panels: p50/p95/p99 per bucket, from
 * the rollup's histograms (within 1 %, docs/dashboard.md) when the store keeps one. The
 * heatmap reads its p99 line from it too when it shows one of these measures.
 */
export function fetchHeadlinePercentiles(ctx: LoadContext): Promise<Percentiles> {
  return api.percentiles(firstWave.headline(ctx), ctx.signal)
}

/** TTFT, TPOT and E2E p50/p95/p99, one panel each, from one percentiles call. */
export function loadPercentiles(
  ctx: LoadContext,
  panels: Record<HeadlineMeasure, PanelHandle>,
  headline: Promise<Percentiles>
): Promise<void> {
  const all = Object.values(panels)
  return (async () => {
    try {
      const res = await headline
      const anyRequest = res.rows.some((r) => r.count > 0)
      for (const measure of HEADLINE_MEASURES) {
        const rows = res.rows.filter((r) => r.measure === measure && r.bucket_start_ms !== null)
        const line = (key: string) =>
          alignPoints(
            rows.flatMap((r) => {
              const v = r.values_ms[key]
              return v === null || v === undefined ? [] : [[r.bucket_start_ms ?? 0, v] as const]
            }),
            ctx.grid,
            ctx.stepMs,
            'max'
          )
        const p99 = line('p99')
        const quiet = quietValue(p99)
        drawLines(
          ctx,
          panels[measure],
          [
            { label: 'p50', values: line('p50'), color: '#46a758' },
            { label: 'p95', values: line('p95'), color: '#f5a524' },
            { label: 'p99', values: p99, color: '#e5484d', width: 1.5 },
          ],
          {
            height: 120,
            format: formatMs,
            emptyText: anyRequest ? MISSING_MEASURE_TEXT[measure] : NO_REQUESTS,
            // A click on a bucket investigates its slow part: the requests above the usual p99.
            onPick: (idx) => {
              const t = ctx.grid[idx]
              const v = p99[idx]
              if (t === undefined || v === null || v === undefined) {
                return
              }
              ctx.navigate({
                measure,
                sort: null,
                stageMode: null,
                trace: null,
                selection: spikeSelection(t, ctx.stepMs, v, quiet),
              })
            },
          }
        )
      }
    } catch (err) {
      if (!isAbort(err) && !ctx.signal.aborted) {
        for (const p of all) {
          p.setStatus(err instanceof Error ? err.message : String(err), 'error')
        }
      }
    }
  })()
}
