/**
 * The compact objective form, e.g. `ttft p99 < 800ms`, `e2e p99.9 < 2m`, `errors < 1%`.
 * Pure; returns a value or an error message (the config layer turns it into a ConfigError).
 */
import { DURATION_MEASURES } from '../model/request.js'
import { parseDurationUs } from '../model/duration.js'
import type { Objective, SloMeasure } from './types.js'

const MEASURES: readonly SloMeasure[] = DURATION_MEASURES

/** The id an objective gets when the config gives none: `ttft_p99`, `e2e_p99_9`, `error_rate`. */
export function objectiveId(o: { measure: SloMeasure; percentile: number } | 'error_rate'): string {
  if (o === 'error_rate') {
    return 'error_rate'
  }
  return `${o.measure}_p${String(o.percentile).replace('.', '_')}`
}

/** Parses the compact form; `{ error }` says what was expected and what arrived. */
export function parseObjectiveText(text: string): { objective: Objective } | { error: string } {
  const trimmed = text.trim()
  const err = /^(errors?|error_rate)\s*<\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/i.exec(trimmed)
  if (err?.[2] !== undefined) {
    const raw = Number(err[2])
    const rate = err[3] === '%' ? raw / 100 : raw
    if (!(rate > 0 && rate < 1)) {
      return { error: `expected an error rate between 0 and 1 (or 0% and 100%), got "${text}"` }
    }
    return { objective: { kind: 'error_rate', id: 'error_rate', maxErrorRate: rate } }
  }
  const m = /^([a-z_][a-z0-9_]*)\s+p(\d+(?:\.\d+)?)\s*<\s*(.+)$/i.exec(trimmed)
  if (!m?.[1] || !m[2] || !m[3]) {
    return {
      error: `expected "<measure> p<percentile> < <duration>" (e.g. "ttft p99 < 800ms") or "errors < 1%", got "${text}"`,
    }
  }
  const measure = m[1].toLowerCase() as SloMeasure
  if (!MEASURES.includes(measure)) {
    return { error: `expected a measure among ${MEASURES.join(', ')}, got "${m[1]}" in "${text}"` }
  }
  const percentile = Number(m[2])
  if (!(percentile > 0 && percentile < 100)) {
    return {
      error: `expected a percentile between 0 and 100 (exclusive), got "${m[2]}" in "${text}"`,
    }
  }
  const thresholdUs = parseDurationUs(m[3])
  if (thresholdUs === null || thresholdUs === 0) {
    return { error: `expected a duration such as 800ms, 1.5s or 2m, got "${m[3]}" in "${text}"` }
  }
  return {
    objective: {
      kind: 'latency',
      id: objectiveId({ measure, percentile }),
      measure,
      percentile,
      thresholdUs,
    },
  }
}

/** The compact text of an objective (inverse of `parseObjectiveText`, ms for durations). */
export function formatObjective(o: Objective): string {
  if (o.kind === 'error_rate') {
    return `errors < ${+(o.maxErrorRate * 100).toFixed(4)}%`
  }
  return `${o.measure} p${o.percentile} < ${+(o.thresholdUs / 1000).toFixed(3)}ms`
}
