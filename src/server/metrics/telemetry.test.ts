import { describe, expect, it } from 'vitest'
import { AppError } from '../../core/errors.js'
import { countingSink } from '../../ingest/testing/sinks.js'
import { makeSpan } from '../../core/model/testing/builders.js'
import type { MetricFamily } from './exposition.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { createRequestMetrics } from './request-metrics.js'
import { createServerTelemetry } from './telemetry.js'

function valueOf(families: MetricFamily[], name: string, labels: Record<string, string> = {}) {
  const f = families.find((x) => x.name === name)
  if (f === undefined || f.type === 'histogram') {
    return null
  }
  const s = f.samples.find((x) => Object.entries(labels).every(([k, v]) => x.labels[k] === v))
  return s?.value ?? null
}

describe('server telemetry', () => {
  it('counts refusals by error code and ages the oldest batch not yet committed', async () => {
    let nowMs = 1_000_000
    const telemetry = createServerTelemetry({
      now: () => nowMs,
      requests: createRequestMetrics({ dimensions: [], maxLabelSets: 1 }),
    })
    const inner = countingSink()
    let release = (): void => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let refuse = false
    inner.submitSpans = async (spans) => {
      if (refuse) {
        throw new AppError('INGEST_OVERLOADED', 'queue full', { retryAfterSeconds: 1 })
      }
      await held
      inner.spans += spans.length
    }
    const sink = telemetry.instrumentSink(inner, 'otlp', 'grpc')

    const pending = sink.submitSpans([makeSpan(), makeSpan()])
    nowMs += 2500
    let families = telemetry.families(inner)
    expect(valueOf(families, 'tokenline_ingest_oldest_batch_age_seconds')).toBe(2.5)
    expect(valueOf(families, 'tokenline_ingest_batches_in_flight')).toBe(1)
    release()
    await pending

    refuse = true
    await expect(sink.submitSpans([makeSpan(), makeSpan(), makeSpan()])).rejects.toThrow(
      'queue full'
    )
    families = telemetry.families(inner)
    expect(valueOf(families, 'tokenline_ingest_oldest_batch_age_seconds')).toBe(0)
    expect(valueOf(families, 'otelcol_receiver_accepted_spans', { transport: 'grpc' })).toBe(2)
    expect(
      valueOf(families, 'otelcol_receiver_refused_spans', { reason: 'INGEST_OVERLOADED' })
    ).toBe(3)
    expect(valueOf(families, 'tokenline_ingest_batches', { outcome: 'refused' })).toBe(1)
    const commit = families.find((f) => f.name === 'tokenline_ingest_commit_duration_seconds')
    expect(commit?.type === 'histogram' ? commit.samples[0]?.sum : null).toBe(2.5)
  })

  it('counts the CPU the process used while each kind of store write ran', async () => {
    let cpuS = 10
    const telemetry = createServerTelemetry({
      now: () => 0,
      requests: createRequestMetrics({ dimensions: [], maxLabelSets: 1 }),
      cpuSeconds: () => cpuS,
    })
    const memory = createMemoryStore()
    const store = telemetry.instrumentStore({
      ...memory,
      // A write that used 0.25 s of CPU: the counter must take the difference, not the total.
      insertSpans: async (spans) => {
        cpuS += 0.25
        await memory.insertSpans(spans)
      },
    })
    await store.insertSpans([makeSpan()])
    await store.insertSpans([makeSpan()])
    expect(
      valueOf(telemetry.families(countingSink()), 'tokenline_store_write_cpu_seconds', {
        operation: 'insert_spans',
      })
    ).toBe(0.5)
  })
})
