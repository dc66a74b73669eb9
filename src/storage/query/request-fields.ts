import type { RequestTimeline, StageName } from '../../core/model/request.js'
import { durationOf, STAGE_NAMES } from '../../core/model/request.js'
import type { RequestMeasure } from '../../core/model/query.js'

const STAGE_SET: ReadonlySet<string> = new Set(STAGE_NAMES)

function isStage(measure: RequestMeasure): measure is StageName {
  return STAGE_SET.has(measure)
}

/** Reads one measure off a request (µs for durations and `start`; counts otherwise). */
export function measureValue(request: RequestTimeline, measure: RequestMeasure): number | null {
  if (isStage(measure)) {
    return request.stages[measure]
  }
  switch (measure) {
    case 'ttft':
    case 'tpot':
    case 'itl_max':
    case 'e2e':
      return durationOf(request, measure)
    case 'input_tokens':
      return request.inputTokens
    case 'output_tokens':
      return request.outputTokens
    case 'cached_tokens':
      return request.cachedTokens
    case 'retries':
      return request.retries
    case 'start':
      return request.startUs
  }
  return null
}

/** SQL column name of a stage: `client.dns` → `stage_client_dns`. */
export function stageColumn(stage: StageName): string {
  return `stage_${stage.replace(/\./g, '_')}`
}

/** SQL column that holds a measure in the `requests` table. */
export function measureColumn(measure: RequestMeasure): string {
  if (isStage(measure)) {
    return stageColumn(measure)
  }
  switch (measure) {
    case 'ttft':
      return 'ttft_us'
    case 'tpot':
      return 'tpot_us'
    case 'itl_max':
      return 'itl_max_us'
    case 'e2e':
      return 'e2e_us'
    case 'start':
      return 'start_us'
    default:
      return measure
  }
}
