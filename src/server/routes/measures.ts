import { DURATION_MEASURES, STAGE_NAMES } from '../../core/model/request.js'
import { COUNT_MEASURES, type RequestMeasure } from '../../core/model/query.js'

/** Duration measures and stages: what percentiles and heatmaps are computed over (µs). */
export const DURATION_MEASURE_NAMES: readonly RequestMeasure[] = [
  ...DURATION_MEASURES,
  ...STAGE_NAMES,
]

/** Everything percentiles accept: durations plus token and retry counts. */
export const PERCENTILE_MEASURES: readonly RequestMeasure[] = [
  ...DURATION_MEASURE_NAMES,
  ...COUNT_MEASURES,
]

/** Everything the request list can sort by. */
export const SORT_MEASURES: readonly RequestMeasure[] = [...PERCENTILE_MEASURES, 'start']
