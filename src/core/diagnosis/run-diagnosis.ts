/**
 * The diagnosis use case: load a window from a store and diagnose it. Shared by the CLI, the
 * HTTP route and the tests.
 *
 * A window of more than {@link DIAGNOSIS_SAMPLE} requests is diagnosed on a deterministic hash
 * sample of about that many, read by the store (ADR 0100): the rules' shares, medians, P99s and
 * change points need hundreds of thousands of requests, not tens of millions, and reading and
 * walking every row is what made a 10 M-request window take minutes. The envelope's `requests`
 * stays exact (the store counts the window); everything else, the latency percentiles included,
 * comes from the sample, and the first finding says so. Exact percentiles over 10 M rows would
 * cost more than the rest of the read; on 10 M requests the sample's were within 0.2 % (ADR 0100).
 */
import type { Evidence } from '../model/diagnosis.js'
import { diagnose, type DiagnoseResult } from './diagnose.js'
import type { Micros } from '../model/units.js'
import type { DiagnosisReader } from './frame/read-port.js'
import type { SloTargets } from './frame/input.js'
import type { DimensionFilters } from '../model/query.js'
import { loadWindow, type ReadReuse } from './frame/load-window.js'
import type { KeptRead } from './frame/kept-read.js'
import { figure } from './explain/text.js'

/** Above this many requests in the window, the diagnosis reads a hash sample of about this many. */
export const DIAGNOSIS_SAMPLE = 250_000

export interface RunDiagnosisOptions {
  /** Window start, epoch µs (default: the data's start). */
  fromUs?: Micros
  /** Window end (exclusive), epoch µs (default: the data's end). */
  toUs?: Micros
  filters?: DimensionFilters
  /** Latency targets (from the SLO config: `diagnosisSloTargets`, or CLI flags); none when absent. */
  slos?: SloTargets | null
  /** Sample cap (default {@link DIAGNOSIS_SAMPLE}); `Infinity` reads every request. */
  sample?: number
  /** Return the rows read, for the next diagnosis of this window (ADR 0257). */
  keep?: boolean
  /** An earlier read of this window and filters, and what was written since. */
  reuse?: ReadReuse
}

function sampleEvidence(read: number, total: number): Evidence {
  const share = read / total
  return {
    metric: 'sample',
    observed: read,
    baseline: total,
    text: `read from a sample of ${read} of ${total} requests (${figure(share * 100, 1)}%, kept by a hash of the trace id); the request count is exact, the percentiles are the sample's`,
  }
}

/** Loads the window and returns the CONTRACT §5 diagnosis plus the causes that were skipped. */
export async function runDiagnosis(
  store: DiagnosisReader,
  options: RunDiagnosisOptions = {}
): Promise<DiagnoseResult & { kept: KeptRead | null }> {
  const { sample: cap = DIAGNOSIS_SAMPLE, slos, ...window } = options
  const load = await loadWindow(store, {
    ...window,
    ...(Number.isFinite(cap) ? { sample: cap } : {}),
  })
  const result = diagnose({
    window: load.window,
    frame: load.frame,
    resources: load.resources,
    events: load.events,
    slos: slos ?? null,
  })
  const diagnosis = result.diagnosis
  if (load.total > load.frame.n) {
    diagnosis.requests = load.total
    diagnosis.findings[0]?.evidence.push(sampleEvidence(load.frame.n, load.total))
  }
  return {
    diagnosis,
    skipped: [...result.skipped, ...load.missingFamilies.map((f) => `metrics: no series for ${f}`)],
    kept: load.kept,
  }
}
