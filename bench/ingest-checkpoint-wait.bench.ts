/**
 * Where DuckDB's checkpoint runs, and what the batches wait (ADR 0294), in one process so both
 * ways meet the same host: `createIngestPipeline` over a DuckDB file, `--submitters` closed-loop
 * submitters of `--batch`-span batches (a refused one is submitted again after 100 ms), for
 * `--seconds` per way, the two ways alternating `--rounds` times:
 *
 * - `commit`: DuckDB checkpoints inside whichever commit passes `--checkpoint-mb` of WAL, and the
 *   batches queued behind that commit wait for it (the rule before ADR 0294);
 * - `writer`: the writer checkpoints at `--checkpoint-mb` itself, with admission closed and its
 *   queue drained first; DuckDB's own threshold is twice that.
 *
 * Per way: acknowledged spans per second, the acknowledgement time (submit → resolved) p50 / p99 /
 * max, the acknowledgements that took over 1 s and those that waited behind a writer step of
 * 1 s or more (`longestStepMs`), the refusals by reason, and the checkpoints: in `writer` the
 * writer's checkpoint calls, in `commit` the span writes across which the WAL shrank (their
 * commit checkpointed), each with its start and end. A batch submitted before a checkpoint's end
 * and acknowledged after its start was held by it. That count does not depend on how starved the
 * host is, which the acknowledgement times do.
 *
 *   npx tsx bench/ingest-checkpoint-wait.bench.ts
 *   npx tsx bench/ingest-checkpoint-wait.bench.ts --seconds 90 --rounds 3 --checkpoint-mb 64
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isAppError } from '../src/core/errors.js'
import { createSilentLogger } from '../src/core/logger.js'
import type { Span } from '../src/core/model/span.js'
import { makeVllmTrace } from '../src/core/model/testing/builders.js'
import { createIngestPipeline } from '../src/ingest/pipeline/pipeline.js'
import type { SubmitTiming } from '../src/ingest/pipeline/types.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { numArg } from './cli-args.js'

const seconds = numArg('--seconds', 60)
const rounds = numArg('--rounds', 2)
const checkpointBytes = numArg('--checkpoint-mb', 32) * 1024 * 1024
const submitters = numArg('--submitters', 16)
const batchSpans = numArg('--batch', 2000)

type Way = 'commit' | 'writer'

interface WayResult {
  way: Way
  spans: number
  ms: number
  ackMs: number[]
  behindLongStep: number
  /** The steps that checkpointed: start and end (performance.now ms). */
  checkpoints: [number, number][]
  /** Each acknowledged batch's submit and answer (performance.now ms). */
  answered: [number, number][]
  refused: Map<string, number>
}

/** A few batches built once; each submit copies one with fresh trace ids (cheaper than building). */
const templates: Span[][] = Array.from({ length: 8 }, () => {
  const spans: Span[] = []
  while (spans.length < batchSpans) {
    spans.push(...makeVllmTrace())
  }
  return spans
})
let traceSerial = 0
let templateAt = 0

function batch(): Span[] {
  const template = templates[templateAt++ % templates.length]!
  const ids = new Map<string, string>()
  return template.map((s) => {
    let id = ids.get(s.traceId)
    if (id === undefined) {
      id = `c4ec${(++traceSerial).toString(16).padStart(28, '0')}`
      ids.set(s.traceId, id)
    }
    return { ...s, traceId: id }
  })
}

async function runWay(way: Way, dir: string, round: number): Promise<WayResult> {
  const path = join(dir, `${way}-${round}.duckdb`)
  const store = await createDuckDbStore({
    path,
    memoryLimitBytes: 256 * 1024 * 1024,
    checkpointThresholdBytes: way === 'writer' ? 2 * checkpointBytes : checkpointBytes,
    threads: 1,
  })
  const shared = duckDbSharedOf(store)!
  const result: WayResult = {
    way,
    spans: 0,
    ms: 0,
    ackMs: [],
    behindLongStep: 0,
    checkpoints: [],
    answered: [],
    refused: new Map(),
  }
  const timed = async <T>(work: () => Promise<T>, always: boolean): Promise<T> => {
    const walBefore = always ? 0 : await shared.walBytes()
    const startedMs = performance.now()
    const out = await work()
    const endedMs = performance.now()
    if (always || (await shared.walBytes()) < walBefore) {
      result.checkpoints.push([startedMs, endedMs])
    }
    return out
  }
  const pipeline = createIngestPipeline({
    // In `commit`, a span write across which the WAL shrank ran DuckDB's checkpoint in its commit.
    store: { ...store, insertSpans: (spans) => timed(() => store.insertSpans(spans), false) },
    logger: createSilentLogger(),
    now: Date.now,
    ...(way === 'writer'
      ? {
          storeCheckpoint: {
            isDue: async () => (await shared.walBytes()) >= checkpointBytes,
            run: () => timed(() => shared.checkpoint(), true),
          },
        }
      : {}),
  })
  const t0 = performance.now()
  const endAt = t0 + seconds * 1000
  const submitter = async (): Promise<void> => {
    while (performance.now() < endAt) {
      const spans = batch()
      const timing: SubmitTiming = {}
      const startedMs = performance.now()
      try {
        await pipeline.submitSpans(spans, { timing })
      } catch (err) {
        const reason = isAppError(err) ? (err.reason ?? err.code) : 'error'
        result.refused.set(reason, (result.refused.get(reason) ?? 0) + 1)
        await new Promise((r) => setTimeout(r, 100))
        continue
      }
      result.ackMs.push(performance.now() - startedMs)
      result.answered.push([startedMs, performance.now()])
      result.spans += spans.length
      if ((timing.longestStepMs ?? 0) >= 1000) {
        result.behindLongStep++
      }
    }
  }
  await Promise.all(Array.from({ length: submitters }, submitter))
  result.ms = performance.now() - t0
  await pipeline.close()
  await store.close()
  return result
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

function mean(values: readonly number[]): string {
  return values.length === 0
    ? '–'
    : String(Math.round(values.reduce((a, b) => a + b) / values.length))
}

function report(r: WayResult, round: number): void {
  const ack = [...r.ackMs].sort((a, b) => a - b)
  const over1s = ack.filter((ms) => ms > 1000).length
  const refused = [...r.refused].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'
  const held = r.answered.filter(([from, to]) =>
    r.checkpoints.some(([start, end]) => from < end && to > start)
  )
  const heldMs = held.map(([from, to]) => to - from)
  const heldMean = mean(heldMs)
  console.log(
    `${r.way.padEnd(6)} round ${round}: ${Math.round((r.spans / r.ms) * 1000)} spans/s acknowledged, ack p50 ${Math.round(quantile(ack, 0.5))} / p99 ${Math.round(quantile(ack, 0.99))} / max ${Math.round(ack.at(-1) ?? NaN)} ms, over 1 s ${over1s} of ${ack.length}, behind a step ≥ 1 s ${r.behindLongStep}; checkpoints ${r.checkpoints.length} (mean ${mean(r.checkpoints.map(([a, b]) => b - a))} ms), acknowledgements held by one ${held.length} (mean ${heldMean} ms); refused: ${refused}`
  )
}

const dir = await mkdtemp(join(tmpdir(), 'tokenline-checkpoint-wait-'))
try {
  console.log(
    `${submitters} submitters of ${batchSpans}-span batches, ${seconds} s per way, checkpoint every ${checkpointBytes / 1048576} MiB of WAL`
  )
  for (let round = 1; round <= rounds; round++) {
    // Alternate which way goes first, so neither always meets the host's same minute.
    const ways: Way[] = round % 2 === 1 ? ['commit', 'writer'] : ['writer', 'commit']
    for (const way of ways) {
      report(await runWay(way, dir, round), round)
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
