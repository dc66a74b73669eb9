/**
 * Fuzzing the ingest edges at scale (the `npm test` fuzzer runs a few thousand of the same
 * seeded cases): OTLP/HTTP bodies (protobuf, JSON, gzip; traces and metrics) through the real
 * OTLP app, pipeline and a DuckDB store, then OpenMetrics and events files through the
 * importer. Counts crashes (a thrown error escaping the app or importer), 5xx answers other
 * than 503, answers that are not a valid OTLP response or Status, and slow answers; the
 * baseline in the same run is the time per valid, unmutated batch. Last, hostile but legal
 * inputs (bench/hostile-inputs.ts: spans that end before they start, parent cycles, NaN
 * samples, an empty side of a compare, …) run through the CLI itself, `--classes` variants per
 * class, each answer sorted into ok, clear error (a message, a non-zero exit) or failure (a
 * crash, a hang, a stack trace, or NaN, Infinity, undefined or a negative time printed).
 *
 *   npx tsx bench/ingest-fuzz.bench.ts                      # 100 000 OTLP cases + 10 000 files
 *   npx tsx bench/ingest-fuzz.bench.ts --cases 20000 --files 2000 --seed 7
 *   npx tsx bench/ingest-fuzz.bench.ts --cases 0 --files 0 --classes 3   # the CLI classes only
 *
 * Figures come from a shared 2-core machine.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HOSTILE_CLASSES } from './hostile-inputs.js'
import { createSilentLogger } from '../src/core/logger.js'
import { bytesSource, importSource } from '../src/ingest/import/import.js'
import { decodeRpcStatus, decodeTraceResponse } from '../src/ingest/otlp/protobuf.js'
import { createIngestPipeline } from '../src/ingest/pipeline/pipeline.js'
import { createOtlpApp } from '../src/server/otlp-app.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'
import {
  checkOtlpAnswer,
  makeFuzzFile,
  makeFuzzRequest,
} from '../src/ingest/testing/fuzz-inputs.js'
import { mulberry32 } from '../src/core/stats/testing/mulberry32.js'

function intArg(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag)
  const n = i === -1 ? fallback : Number(process.argv[i + 1])
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(`${flag} must be a non-negative integer (actual: ${process.argv[i + 1]})`)
  }
  return n
}

const cases = intArg('--cases', 100_000)
const files = intArg('--files', 10_000)
const seed = intArg('--seed', 20261201)
const classVariants = intArg('--classes', 1)
const SLOW_MS = 1000
/** A CLI run on a few hundred KB that takes longer than this is hung, not slow. */
const HANG_MS = 180_000
/** What a user must never read: an unknown printed as a number, a JS value's name, a trace. */
const WRONG_OUTPUT = /\bNaN\b|\bInfinity\b|\bundefined\b|-\d+(\.\d+)? ?(ms|s|µs)\b|\n\s+at /

const dir = mkdtempSync(join(tmpdir(), 'tokenline-fuzz-'))
try {
  const store = await createDuckDbStore({ path: join(dir, 'fuzz.duckdb') })
  const ingest = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: Date.now,
    quietMs: 500,
  })
  const app = createOtlpApp({
    ingest,
    logger: createSilentLogger(),
    limits: { maxBodyBytes: 1 << 20 },
  })

  // Baseline: valid, unmutated batches of the same size.
  const baselineRuns = 300
  let t0 = performance.now()
  for (let i = 0; i < baselineRuns; i++) {
    const res = await app.request('/v1/traces', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(makeLlmTraceRequest(2, 10_000_000 + i * 4)),
    })
    await res.arrayBuffer()
  }
  const baselineMs = (performance.now() - t0) / baselineRuns

  const rng = mulberry32(seed)
  const statuses = new Map<number, number>()
  let crashes = 0
  let serverErrors = 0
  let invalid = 0
  let slow = 0
  let maxMs = 0
  const examples: string[] = []
  t0 = performance.now()
  for (let i = 0; i < cases; i++) {
    const req = makeFuzzRequest(rng, i)
    const started = performance.now()
    try {
      const res = await app.request(req.path, {
        method: 'POST',
        headers: req.headers,
        body: req.body.slice(),
      })
      const body = new Uint8Array(await res.arrayBuffer())
      const ms = performance.now() - started
      maxMs = Math.max(maxMs, ms)
      if (ms > SLOW_MS) {
        slow++
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      if (res.status >= 500 && res.status !== 503) {
        serverErrors++
      }
      const problem = checkOtlpAnswer(
        res.status,
        res.headers.get('content-type'),
        body,
        decodeRpcStatus,
        decodeTraceResponse
      )
      if (problem !== null) {
        invalid++
        if (examples.length < 5) {
          examples.push(`case ${i} (${req.label}): ${problem}`)
        }
      }
    } catch (err) {
      crashes++
      if (examples.length < 5) {
        examples.push(`case ${i} (${req.label}) threw: ${String(err)}`)
      }
    }
  }
  const otlpMs = performance.now() - t0
  await ingest.close()
  await store.close()

  // Import files.
  const fileRng = mulberry32(seed + 1)
  const fileStore = createMemoryStore()
  const fileIngest = createIngestPipeline({
    store: fileStore,
    logger: createSilentLogger(),
    now: Date.now,
    sweepIntervalMs: 0,
  })
  let fileCrashes = 0
  let fileRejects = 0
  let fileErrors = 0
  let stored = 0
  t0 = performance.now()
  for (let i = 0; i < files; i++) {
    const file = makeFuzzFile(fileRng, i)
    try {
      const s = await importSource(
        bytesSource(file.name, file.bytes, 1_760_000_000_000),
        fileIngest
      )
      fileRejects += s.rejected
      fileErrors += s.error === null ? 0 : 1
      stored += s.stored.samples + s.stored.events
    } catch (err) {
      fileCrashes++
      if (examples.length < 8) {
        examples.push(`file ${i} threw: ${String(err)}`)
      }
    }
  }
  const fileMs = performance.now() - t0
  await fileIngest.close()

  const perCase = otlpMs / Math.max(1, cases)
  const lines = [
    `OTLP cases: ${cases} in ${(otlpMs / 1000).toFixed(1)} s (${perCase.toFixed(2)} ms each; valid batch baseline ${baselineMs.toFixed(2)} ms, ratio ${(perCase / baselineMs).toFixed(2)})`,
    `statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    `crashes: ${crashes}, 5xx (not 503): ${serverErrors}, invalid OTLP answers: ${invalid}, slow (> ${SLOW_MS} ms): ${slow}, slowest ${maxMs.toFixed(0)} ms`,
    `import files: ${files} in ${(fileMs / 1000).toFixed(1)} s: crashes ${fileCrashes}, files with an error ${fileErrors}, lines rejected ${fileRejects}, items stored ${stored}`,
    ...examples.map((e) => `  e.g. ${e}`),
  ]

  // Hostile but legal inputs through the CLI, as a user (or a judge) runs it.
  const classRng = mulberry32(seed + 2)
  const cli = join(import.meta.dirname, '..', 'bin', 'tokenline.js')
  let classFailures = 0
  lines.push(`CLI on hostile inputs (${classVariants} variant(s) per class):`)
  for (const [name, make] of Object.entries(HOSTILE_CLASSES)) {
    const tally = { ok: 0, 'clear error': 0, failed: 0 }
    let example = ''
    for (let v = 0; v < classVariants; v++) {
      const c = make(classRng)
      const caseDir = join(dir, `class-${Object.keys(HOSTILE_CLASSES).indexOf(name)}-${v}`)
      mkdirSync(caseDir)
      const paths = c.files.map((f) => {
        const path = join(caseDir, f.name)
        writeFileSync(path, f.text)
        return path
      })
      const run = spawnSync(process.execPath, [cli, ...c.command, ...paths], {
        encoding: 'utf8',
        timeout: HANG_MS,
        maxBuffer: 64 << 20,
      })
      const out = `${run.stdout}\n${run.stderr}`
      const wrong = WRONG_OUTPUT.exec(out) ?? c.forbidden?.exec(out) ?? null
      const verdict =
        run.error !== undefined || run.signal !== null || wrong !== null
          ? 'failed'
          : run.status === 0
            ? c.refused === true
              ? 'failed'
              : 'ok'
            : run.status !== null && run.status >= 2 && run.status <= 4 && out.trim() !== ''
              ? 'clear error'
              : 'failed'
      tally[verdict]++
      if (verdict === 'failed' && example === '') {
        example = run.error
          ? String(run.error)
          : wrong !== null
            ? `printed "${wrong[0].trim()}"`
            : run.status === 0
              ? 'exit 0 on input whose every line is invalid'
              : `exit ${run.status ?? run.signal}: ${run.stderr.slice(0, 200)}`
      }
    }
    classFailures += tally.failed
    lines.push(
      `  ${name}: ok ${tally.ok}, clear error ${tally['clear error']}, failed ${tally.failed}${example === '' ? '' : ` (${example})`}`
    )
  }
  process.stdout.write(`${lines.join('\n')}\n`)
  process.exitCode = crashes + serverErrors + invalid + fileCrashes + classFailures > 0 ? 1 : 0
} finally {
  rmSync(dir, { recursive: true, force: true })
}
