/**
 * The diagnosis use case: load a window from a store and diagnose it. Shared by the CLI, the
 * HTTP route and the tests.
 */
import { diagnose, type DiagnoseResult } from './diagnose.js'
import type { Micros } from '../model/units.js'
import type { DiagnosisReader } from './read-port.js'
import type { SloTargets } from './input.js'
import type { DimensionFilters } from '../model/query.js'
import { loadWindow } from './load-window.js'

export interface RunDiagnosisOptions {
  /** Window start, epoch µs (default: the data's start). */
  fromUs?: Micros
  /** Window end (exclusive), epoch µs (default: the data's end). */
  toUs?: Micros
  filters?: DimensionFilters
  /** Latency targets (from the SLO config: `diagnosisSloTargets`, or CLI flags); none when absent. */
  slos?: SloTargets | null
}

/** Loads the window and returns the CONTRACT §5 diagnosis plus the causes that were skipped. */
export async function runDiagnosis(
  store: DiagnosisReader,
  options: RunDiagnosisOptions = {}
): Promise<DiagnoseResult> {
  const load = await loadWindow(store, options)
  const result = diagnose({
    window: load.window,
    frame: load.frame,
    resources: load.resources,
    events: load.events,
    slos: options.slos ?? null,
  })
  return {
    diagnosis: result.diagnosis,
    skipped: [...result.skipped, ...load.missingFamilies.map((f) => `metrics: no series for ${f}`)],
  }
}
