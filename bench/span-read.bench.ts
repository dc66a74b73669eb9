/**
 * What the DuckDB store's spans cost on disk and to read back (ADR 0395): SDK bodies written as
 * `bench/ingest-cost.bench.ts` writes them (8 bodies per transaction), a checkpoint, then the
 * file's bytes per span; then, on fresh store handles (cold: nothing of the file read yet but
 * what the open reads), the CPU of one `getSpans` of one trace, of a second trace on the same
 * handle (warm), of `unassembledTraceIds` (no request stored: every trace is unassembled) and of
 * a retention call. Uses only the `SpanStore` port, so it runs on any build.
 *
 *   npx tsx bench/span-read.bench.ts                      # 240 bodies (122 880 spans)
 *   npx tsx bench/span-read.bench.ts --bodies 400 --reads 7 --codec none
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Micros } from '../src/core/model/units.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { DEFAULTS } from '../src/config/defaults.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import type { BodyCodec } from '../src/storage/duckdb/span-bodies.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '240' },
    group: { type: 'string', default: '8' },
    reads: { type: 'string', default: '5' },
    codec: { type: 'string', default: 'deflate' },
  },
})
const BODIES = Number(args.bodies)
const GROUP = Number(args.group)
const READS = Number(args.reads)
const options = {
  threads: DEFAULTS.store.duckDbThreads,
  spanBodyCodec: args.codec as BodyCodec,
}

/** CPU ms (whole process) and wall ms of `work`. */
async function cost<T>(work: () => Promise<T>): Promise<{ cpuMs: number; wallMs: number; out: T }> {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const out = await work()
  const wallMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs, out }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 === 1
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2
}
const list = (xs: number[]): string =>
  `median ${median(xs).toFixed(2)} (${xs.map((x) => x.toFixed(2)).join(', ')})`

const decoded = sdkBodies(BODIES).map((b) => decodeTracesProtobuf(b).spans)
const total = decoded.reduce((n, s) => n + s.length, 0)
const dir = mkdtempSync(join(tmpdir(), 'tokenline-span-read-'))
const path = join(dir, 'spans.duckdb')
try {
  const store = await createDuckDbStore({ path, ...options })
  for (let i = 0; i < decoded.length; i += GROUP) {
    await store.insertSpans(decoded.slice(i, i + GROUP).flat())
  }
  await duckDbSharedOf(store)?.checkpoint()
  await store.close()
  const bytes = statSync(path).size
  console.log(
    `${total.toLocaleString('en-US')} spans in ${Math.ceil(decoded.length / GROUP)} writes; file after checkpoint ${(bytes / 1e6).toFixed(1)} MB = ${(bytes / total).toFixed(1)} bytes per span (codec option: ${args.codec})`
  )

  const cold: number[] = []
  const coldWall: number[] = []
  const warm: number[] = []
  const unassembled: number[] = []
  const retention: number[] = []
  for (let r = 0; r < READS; r++) {
    // A trace from a different write each time, none from the first or last.
    const body = decoded[Math.floor(((r + 1) * decoded.length) / (READS + 1))] ?? []
    const traceId = body[0]?.traceId ?? ''
    const other = body[body.length - 1]?.traceId ?? ''
    const handle = await createDuckDbStore({ path, ...options })
    const first = await cost(() => handle.getSpans([traceId]))
    if (first.out.length !== 4) {
      throw new Error(`expected 4 spans of ${traceId}, read ${first.out.length}`)
    }
    cold.push(first.cpuMs)
    coldWall.push(first.wallMs)
    warm.push((await cost(() => handle.getSpans([other]))).cpuMs)
    unassembled.push((await cost(() => handle.unassembledTraceIds(0 as Micros, 1000))).cpuMs)
    await handle.close()
  }
  // Retention: each round deletes up to 5000 spans of the oldest in a copy-free way (the file is
  // not read again afterwards).
  const handle = await createDuckDbStore({ path, ...options })
  const cut = (decoded[Math.floor(decoded.length / 2)]?.[0]?.startUs ?? 0) as Micros
  let deleted = 0
  for (let r = 0; r < READS; r++) {
    const c = await cost(() => handle.deleteBefore('spans', cut, 5000))
    retention.push(c.cpuMs)
    deleted += c.out
  }
  await handle.close()
  console.log(
    `  getSpans of one trace, cold handle, CPU ms: ${list(cold)}; wall ms ${list(coldWall)}`
  )
  console.log(`  getSpans of another trace, same handle, CPU ms: ${list(warm)}`)
  console.log(`  unassembledTraceIds(0, 1000), CPU ms: ${list(unassembled)}`)
  console.log(
    `  deleteBefore('spans', mid, 5000), CPU ms: ${list(retention)}; ${deleted} spans deleted`
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
