import { createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { createProbeClient, type ProbeClientOptions } from './client.js'
import { computeCompat, type CompatReport, type CompatTool } from './compat.js'
import { toProbeRecord } from './measures.js'
import { createOtlpJsonExporter, type OtlpJsonExporter } from '../client/otlp-exporter.js'
import { buildClientSpan } from './otlp-export.js'
import { buildReport, type ProbeReport, type Slo } from './report.js'
import { createSystemClock, runLoad, type LoadMode, type RunClock, type RunOutcome } from './run.js'
import type { ArrivalKind } from './schedule.js'
import type { ProbeRecord, RequestResult } from './types.js'
import { runLoadInWorkers } from './worker-pool.js'
import { createWorkload, type WorkloadOptions } from './workload.js'

/** Everything one `tokenline probe` invocation needs, already validated. */
export interface ProbeSessionOptions {
  client: ProbeClientOptions
  workload: WorkloadOptions
  /** One step per rate for `--sweep`; a single step otherwise. */
  steps: LoadMode[]
  maxRequests: number | null
  durationMs: number | null
  drainGraceMs: number
  outFile: string | null
  rawGaps: boolean
  otlpEndpoint: string | null
  /** Bearer token for `otlpEndpoint` (`--token-file`, `TOKENLINE_TOKEN`). */
  otlpToken?: string | null
  region: string | null
  slo: Slo | null
  /** `--compat` views, in the order asked (none when empty). */
  compat: readonly CompatTool[]
  /** Client threads, each with its own event loop and connections (`--workers`); default 1. */
  workers?: number
  /** The `--tokenizer` file `workload.tokens` counts with, for the report. */
  tokenizer?: string | null
  signal: AbortSignal
  clock?: RunClock
  onResult?(result: RequestResult, record: ProbeRecord): void
  onStepStart?(index: number, mode: LoadMode): void
  onExportError?(err: unknown): void
}

export interface ProbeStepReport {
  report: ProbeReport
  compat: CompatReport[]
}

export interface ProbeSessionResult {
  steps: ProbeStepReport[]
  records: ProbeRecord[]
  otlp: { exported: number; failures: number } | null
}

/** Describes a load mode for reports. */
export function describeLoad(mode: LoadMode): string {
  if (mode.kind === 'concurrency') {
    return `closed loop, ${mode.concurrency} concurrent`
  }
  const a = mode.arrivals
  const kind: ArrivalKind = a.kind
  return a.rampToPerS !== undefined
    ? `open loop, ${kind} ramp ${a.ratePerS}→${a.rampToPerS} req/s over ${(a.rampDurationMs ?? 0) / 1000} s`
    : `open loop, ${kind} ${a.ratePerS} req/s`
}

/**
 * Runs the probe: every step in turn, writing each request's record as soon as it finishes (so
 * an interrupted run keeps what it measured) and exporting client spans when asked.
 */
export async function runProbeSession(o: ProbeSessionOptions): Promise<ProbeSessionResult> {
  const clock = o.clock ?? createSystemClock()
  let out: WriteStream | null = null
  if (o.outFile !== null) {
    out = createWriteStream(o.outFile, { flags: 'w' })
    out.on('error', () => {})
  }
  let exporter: OtlpJsonExporter | null = null
  if (o.otlpEndpoint !== null) {
    exporter = createOtlpJsonExporter({
      endpoint: o.otlpEndpoint,
      token: o.otlpToken ?? null,
      resource: {
        'service.name': 'tokenline-probe',
        ...(o.region !== null ? { 'cloud.region': o.region } : {}),
      },
      scope: { name: 'tokenline.probe', version: '0.1.0' },
      ...(o.onExportError !== undefined ? { onError: o.onExportError } : {}),
    })
  }
  const spanCtx = {
    url: o.client.url,
    model: o.workload.model,
    operation: o.workload.api === 'chat' ? ('chat' as const) : ('text_completion' as const),
    ...(o.region !== null ? { region: o.region } : {}),
  }
  const steps: ProbeStepReport[] = []
  const allRecords: ProbeRecord[] = []
  for (let i = 0; i < o.steps.length && !o.signal.aborted; i++) {
    const mode = o.steps[i] as LoadMode
    o.onStepStart?.(i, mode)
    const records: ProbeRecord[] = []
    const onResult = (result: RequestResult): void => {
      const record = toProbeRecord(result, { rawGaps: o.rawGaps })
      records.push(record)
      out?.write(JSON.stringify(record) + '\n')
      exporter?.add(buildClientSpan(result, spanCtx))
      o.onResult?.(result, record)
    }
    const plan = {
      mode,
      maxRequests: o.maxRequests,
      durationMs: o.durationMs,
      drainGraceMs: o.drainGraceMs,
    }
    const workload = { ...o.workload, seed: o.workload.seed + i }
    let outcome: RunOutcome
    if ((o.workers ?? 1) > 1) {
      outcome = await runLoadInWorkers({
        workers: o.workers ?? 1,
        client: o.client,
        workload,
        plan,
        signal: o.signal,
        onResult,
      })
    } else {
      const client = createProbeClient(o.client)
      // Before the clock starts: the first measured request must not pay for a cold client
      // (handshake, first-use compilation), which used to add 10–80 ms to it alone.
      await client.warmUp?.()
      outcome = await runLoad(plan, {
        client,
        workload: createWorkload(workload),
        body: o.workload,
        clock,
        signal: o.signal,
        onResult,
      })
      client.close()
    }
    allRecords.push(...records)
    steps.push({
      report: buildReport({
        records,
        target: o.client.url.toString(),
        load: describeLoad(mode),
        durationMs: outcome.endedAtMs - outcome.startedAtMs,
        slo: o.slo,
        interrupted: outcome.interrupted,
        openLoop: mode.kind === 'rate',
        tokenizer: o.tokenizer ?? null,
      }),
      compat: o.compat.map((tool) =>
        computeCompat(tool, outcome.results, {
          durationMs: outcome.endedAtMs - outcome.startedAtMs,
        })
      ),
    })
  }
  if (out !== null) {
    out.end()
    await once(out, 'close').catch(() => undefined)
  }
  await exporter?.close()
  return {
    steps,
    records: allRecords,
    otlp: exporter === null ? null : { exported: exporter.exported, failures: exporter.failures },
  }
}
