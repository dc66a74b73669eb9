/**
 * A full disk under sustained ingest, full size (test/e2e/full-disk.test.ts is the small one):
 * `tokenline serve` on its own tmpfs of `--disk-mb` MiB, fed 2,000-span OTLP/JSON batches by
 * `--clients` exporters that retry 429/503 after `Retry-After`. Once it has stored for
 * `--warm-s` seconds a filler file leaves `--free-mb` MiB free; the disk fills while the load
 * goes on for `--full-s` seconds; then the filler is removed and the bench times how long ingest
 * takes to store again by itself, runs `--after-s` seconds more, stops the server (SIGTERM) and
 * reads the file back: every acknowledged span must be stored.
 *
 * Reports answers by status in each phase, the time from the filler to the first 503, the time
 * from freeing space to the first 200, how many "ingest cannot store" lines the server logged
 * (one per 10 s, not one per refusal), lost and duplicate spans. Needs root (it mounts a tmpfs).
 *
 *   npx tsx bench/fault-full-disk.bench.ts
 *   npx tsx bench/fault-full-disk.bench.ts --disk-mb 1024 --clients 8 --full-s 60
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDuckDbInstance } from '../src/storage/duckdb/open.js'
import { readStoredSpans } from '../src/storage/duckdb/span-writes.js'
import { numArg } from './cli-args.js'

const diskMb = numArg('--disk-mb', 512)
const freeMb = numArg('--free-mb', 4)
const clients = numArg('--clients', 4)
const warmS = numArg('--warm-s', 15)
const fullS = numArg('--full-s', 45)
const afterS = numArg('--after-s', 15)
const REQUESTS_PER_BATCH = 500
const EXPORT_TIMEOUT_MS = 10_000

if (process.getuid?.() !== 0) {
  process.stderr.write('fault-full-disk needs root to mount a tmpfs\n')
  process.exit(2)
}

const ROOT = resolve(import.meta.dirname, '..')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-full-disk-bench-'))
execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${diskMb}m`, 'tmpfs', dir])
const db = join(dir, 'full.duckdb')
const filler = join(dir, 'filler')
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

let nextRequest = 0
const acked: number[] = []
const traceIdOf = (i: number): string => (i + 1).toString(16).padStart(32, '0')

/** A batch of 2,000 spans never sent before (4 per request), as JSON text. */
function makeBatch(): { body: string; first: number } {
  const first = nextRequest
  nextRequest += REQUESTS_PER_BATCH
  const baseMs = Date.now() - 600_000
  const spans: string[] = []
  for (let i = first; i < first + REQUESTS_PER_BATCH; i++) {
    const startNs = BigInt(baseMs + (i % 500_000)) * 1_000_000n
    for (let k = 0; k < 4; k++) {
      const parent =
        k === 0 ? '' : `,"parentSpanId":"${(i * 4 + k).toString(16).padStart(16, '0')}"`
      spans.push(
        `{"traceId":"${traceIdOf(i)}","spanId":"${(i * 4 + k + 1).toString(16).padStart(16, '0')}"${parent},` +
          `"name":"s${k}","kind":${k === 0 ? 3 : 2},"startTimeUnixNano":"${startNs + BigInt(k) * 1_000_000n}",` +
          `"endTimeUnixNano":"${startNs + BigInt(900 - k * 10) * 1_000_000n}","attributes":[` +
          `{"key":"gen_ai.request.model","value":{"stringValue":"llama-3-8b"}},` +
          `{"key":"gen_ai.usage.input_tokens","value":{"intValue":"${(i % 900) + 100}"}}],"status":{}}`
      )
    }
  }
  return {
    first,
    body:
      '{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"full-disk"}}]},' +
      `"scopeSpans":[{"scope":{"name":"bench"},"spans":[${spans.join(',')}]}]}]}`,
  }
}

type Phase = 'warm' | 'full' | 'after'
let phase: Phase = 'warm'
const answers: Record<Phase, Map<string, number>> = {
  warm: new Map(),
  full: new Map(),
  after: new Map(),
}
const note = (what: string): void => {
  answers[phase].set(what, (answers[phase].get(what) ?? 0) + 1)
}
let first503AtMs: number | null = null
let first200AfterFreeMs: number | null = null
let freedAtMs = 0

async function exporter(url: string, until: () => boolean): Promise<void> {
  while (!until()) {
    const batch = makeBatch()
    for (let attempt = 0; attempt < 5 && !until(); attempt++) {
      let res: Response
      try {
        res = await fetch(`${url}/v1/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: batch.body,
          signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
        })
        await res.arrayBuffer()
      } catch (err) {
        note((err as Error).name === 'TimeoutError' ? 'timeout' : 'socket error')
        await sleep(1000)
        continue
      }
      note(String(res.status))
      if (res.status === 200) {
        acked.push(batch.first)
        if (phase === 'after' && first200AfterFreeMs === null) {
          first200AfterFreeMs = performance.now() - freedAtMs
        }
        break
      }
      if (res.status === 503 && phase === 'full' && first503AtMs === null) {
        first503AtMs = performance.now()
      }
      if (res.status !== 429 && res.status !== 503) {
        break
      }
      await sleep(Math.min(5, Number(res.headers.get('retry-after') ?? '1')) * 1000)
    }
  }
}

let log = ''
try {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin/tokenline.js'),
      'serve',
      ...['--port', '0', '--otlp-port', '0', '--otlp-grpc-port', '-1', '--db', db],
    ],
    {
      cwd: dir,
      env: { ...process.env, TOKENLINE_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  child.stderr.on('data', (d: Buffer) => (log += d.toString()))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const url = await new Promise<string>((res, rej) => {
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /OTLP\/HTTP: (http:\/\/\S+)/.exec(out)
      if (m?.[1] !== undefined) {
        res(m[1])
      }
    })
    void exited.then((code) => rej(new Error(`serve exited (${String(code)}): ${log}`)))
  })
  const startedMs = performance.now()
  const endMs = { value: Number.POSITIVE_INFINITY }
  const load = Promise.all(
    Array.from({ length: clients }, () => exporter(url, () => performance.now() > endMs.value))
  )
  await sleep(warmS * 1000)
  const free = Number(execFileSync('df', ['--output=avail', '-B1', dir]).toString().split('\n')[1])
  const filledAtMs = performance.now()
  phase = 'full'
  writeFileSync(filler, Buffer.alloc(Math.max(0, free - freeMb * 1024 * 1024)))
  await sleep(fullS * 1000)
  rmSync(filler)
  freedAtMs = performance.now()
  phase = 'after'
  endMs.value = performance.now() + afterS * 1000
  await load
  child.kill('SIGTERM')
  const exitCode = await exited

  const instance = await openDuckDbInstance(db)
  const conn = await instance.connect()
  // Every stored span, the older rows and every write's body (ADR 0395), counted per trace.
  const spanIds = new Map<string, Set<string>>()
  let storedSpans = 0
  for (const s of await readStoredSpans(conn)) {
    let ids = spanIds.get(s.traceId)
    if (ids === undefined) {
      ids = new Set()
      spanIds.set(s.traceId, ids)
    }
    ids.add(s.spanId)
    storedSpans++
  }
  const stored = new Map<string, { d: number }>()
  let distinct = 0
  for (const [trace, ids] of spanIds) {
    stored.set(trace, { d: ids.size })
    distinct += ids.size
  }
  conn.closeSync()
  instance.closeSync()
  let lost = 0
  for (const first of acked) {
    for (let i = first; i < first + REQUESTS_PER_BATCH; i++) {
      lost += 4 - Math.min(4, stored.get(traceIdOf(i))?.d ?? 0)
    }
  }
  const cannotStore = log.split('\n').filter((l) => l.includes('ingest cannot store')).length
  const storesAgain = log.split('\n').filter((l) => l.includes('ingest stores again')).length
  const fmt = (m: Map<string, number>): string => JSON.stringify(Object.fromEntries(m))
  process.stdout.write(
    [
      `tmpfs ${diskMb} MiB, ${clients} exporters of 2,000-span batches; warm ${warmS} s, full ${fullS} s (${freeMb} MiB left free), after ${afterS} s; total ${((performance.now() - startedMs) / 1000).toFixed(0)} s, server exit ${String(exitCode)}`,
      `answers warm: ${fmt(answers.warm)}`,
      `answers while full: ${fmt(answers.full)}`,
      `answers after freeing: ${fmt(answers.after)}`,
      `first 503 ${first503AtMs === null ? 'never' : `${((first503AtMs - filledAtMs) / 1000).toFixed(1)} s after the filler`}; first 200 ${first200AfterFreeMs === null ? 'never' : `${(first200AfterFreeMs / 1000).toFixed(1)} s after freeing space`}`,
      `server log: ${cannotStore} "ingest cannot store" lines, ${storesAgain} "ingest stores again"`,
      `acknowledged spans: ${acked.length * REQUESTS_PER_BATCH * 4}, stored: ${storedSpans}, lost (acknowledged but not stored): ${lost}, duplicates: ${storedSpans - distinct}`,
    ].join('\n') + '\n'
  )
} finally {
  execFileSync('umount', ['-l', dir])
  rmSync(dir, { recursive: true, force: true })
}
