/**
 * Collector-native mode end to end on embedded ClickHouse (chdb): a simulated cluster's OTLP
 * traces and Prometheus metrics are written as a Collector's clickhouseexporter writes them
 * (otel_traces, otel_metrics_*; helper made independently of the store's writer), Tokenline's
 * assembler builds the request rows from otel_traces, and the diagnosis over the ClickHouse
 * store names the injected cause, as the same run does over the in-memory store.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runDiagnosis } from '../../src/core/diagnosis/run-diagnosis.js'
import { createRun } from '../../src/sim/index.js'
import { assembleAllCollectorTraces } from '../../src/storage/clickhouse/assembler.js'
import { createChdbExecutor, isChdbAvailable } from '../../src/storage/clickhouse/chdb-executor.js'
import { createClickHouseStore } from '../../src/storage/clickhouse/clickhouse-store.js'
import { diagnoseScenario } from '../../src/testing/diagnosis-sim.js'
import {
  exporterMetricRows,
  exporterTraceRows,
  METRIC_TABLES_DDL,
} from '../../src/storage/clickhouse/testing/collector-rows.js'

const available = await isChdbAvailable()
const dir = mkdtempSync(join(tmpdir(), 'tokenline-chdb-e2e-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const SCENARIO = 'engine-kv-cache-pressure'
const SEED = 1
const DURATION_MS = 10 * 60_000

describe.skipIf(!available)(
  available
    ? 'Collector-native ClickHouse: simulate → exporter rows → assemble → diagnose'
    : 'Collector-native ClickHouse: skipped, the optional package chdb is not installed',
  () => {
    it('diagnoses Collector-written rows like the same run in memory', async () => {
      const exec = await createChdbExecutor(dir)
      const db = `collector_${process.pid}`
      await exec.command(`CREATE DATABASE ${db}`)
      // The Collector made its metric tables before Tokenline ever connects.
      for (const ddl of METRIC_TABLES_DDL(db)) {
        await exec.command(ddl)
      }
      const store = await createClickHouseStore({ executor: exec, database: db })
      try {
        const run = createRun({ scenario: SCENARIO, seed: SEED, durationMs: DURATION_MS })
        let spans = 0
        for (const out of run.outputs()) {
          if (out.kind === 'requests') {
            const rows = exporterTraceRows(run.tracesJson(out.requests))
            spans += rows.split('\n').length
            await exec.insertJson(`${db}.otel_traces`, rows)
          } else if (out.kind === 'metrics') {
            const rows = exporterMetricRows(out.samples, run.families)
            if (rows.gauge.length) {
              await exec.insertJson(`${db}.otel_metrics_gauge`, rows.gauge.join('\n'))
            }
            if (rows.sum.length) {
              await exec.insertJson(`${db}.otel_metrics_sum`, rows.sum.join('\n'))
            }
            if (rows.histogram.length) {
              await exec.insertJson(`${db}.otel_metrics_histogram`, rows.histogram.join('\n'))
            }
          } else {
            await store.insertEvents([out.event])
          }
        }
        const endUs = run.epochUs + run.durationUs
        const assembled = await assembleAllCollectorTraces(store, {
          sinceUs: run.epochUs - 60_000_000,
          nowUs: endUs + 3_600_000_000,
          quietUs: 5_000_000,
        })
        const stats = await store.stats()
        expect(stats.spans).toBe(spans)
        expect(assembled.requests).toBe(stats.requests)
        expect(stats.requests).toBeGreaterThan(1000)
        // A second pass finds nothing left to do.
        expect(
          (
            await assembleAllCollectorTraces(store, {
              sinceUs: run.epochUs - 60_000_000,
              nowUs: endUs + 3_600_000_000,
              quietUs: 5_000_000,
            })
          ).requests
        ).toBe(0)
        // Histogram families come from otel_metrics_histogram, expanded to _bucket series.
        const ttft = await store.querySeries({
          name: 'vllm:time_to_first_token_seconds',
          fn: 'histogram_quantile',
          quantile: 0.9,
        })
        expect(ttft.length).toBeGreaterThan(0)

        const onClickHouse = await runDiagnosis(store)
        const inMemory = await diagnoseScenario(SCENARIO, SEED, DURATION_MS)
        const top = onClickHouse.diagnosis.findings[0]
        expect(run.expected.causes.map((c) => c.cause)).toContain(top?.cause)
        expect(onClickHouse.diagnosis.findings.slice(0, 3).map((f) => [f.cause, f.scope])).toEqual(
          inMemory.result.diagnosis.findings.slice(0, 3).map((f) => [f.cause, f.scope])
        )
      } finally {
        await store.close()
      }
    }, 300_000)
  }
)
