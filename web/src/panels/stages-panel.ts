import { api } from '../api/client.js'
import { h } from '../charts/dom.js'
import type { LineSpec } from '../charts/timeseries.js'
import { formatMs } from '../model/format.js'
import {
  STAGE_COLORS,
  isBeforeFirstToken,
  stackStageMeans,
  type StageBucket,
} from '../model/stages.js'
import type { StageName } from '../../../src/core/model/request.js'
import { effectiveStageMode } from '../pages/dashboard/url.js'
import { drawLines } from './draw-lines.js'
import type { LoadContext } from './load-context.js'
import { firstWave } from './first-wave.js'
import { NO_REQUESTS, guarded, type PanelHandle } from './panel-frame.js'

/** Stage breakdown over time: stacked per-request mean, or per-stage p99 lines. */
export function loadStages(ctx: LoadContext, panel: PanelHandle): Promise<void> {
  panel.tools.replaceChildren(
    ...(
      [
        ['mean', 'mean, all stages'],
        ['ttft', 'mean, before first token'],
        ['p99', 'p99 per stage'],
      ] as const
    ).map(([mode, label]) =>
      h(
        'button',
        {
          class: `chip${effectiveStageMode(ctx.state) === mode ? ' on' : ''}`,
          'data-mode': mode,
          onclick: () => ctx.navigate({ stageMode: mode }),
        },
        label
      )
    )
  )
  return guarded(ctx, panel, async () => {
    const mode = effectiveStageMode(ctx.state)
    const res = await api.stages(firstWave.stages(ctx), ctx.signal)
    if (res.buckets.length === 0) {
      panel.setStatus(NO_REQUESTS, 'empty')
      return
    }
    const byStart = new Map(res.buckets.map((b) => [b.bucket_start_ms, b]))
    const buckets: (StageBucket | null)[] = ctx.grid.map((t) => {
      const b = byStart.get(t)
      if (!b) {
        return null
      }
      const stages: StageBucket['stages'] = {}
      for (const [name, s] of Object.entries(b.stages)) {
        stages[name as StageName] = { count: s.count, meanMs: s.mean_ms, p99Ms: s.p99_ms }
      }
      return { count: b.count, stages }
    })
    const stack = stackStageMeans(buckets, mode === 'ttft' ? isBeforeFirstToken : undefined)
    if (mode === 'p99') {
      const lines = stack.stages.map<LineSpec>((stage) => ({
        label: stage,
        color: STAGE_COLORS[stage],
        values: buckets.map((b) => b?.stages[stage]?.p99Ms ?? null),
      }))
      drawLines(ctx, panel, lines, { height: 160, format: formatMs })
      return
    }
    // Drawn top-down so each band's fill covers the ones above it; the legend shows the band itself.
    const lines = stack.stages
      .map<LineSpec>((stage, i) => ({
        label: stage,
        color: STAGE_COLORS[stage],
        fill: `${STAGE_COLORS[stage]}cc`,
        values: stack.cumulative[i] ?? [],
        display: stack.values[i] ?? [],
        width: 0.5,
      }))
      .reverse()
    drawLines(ctx, panel, lines, { height: 160, format: formatMs })
  })
}
