/**
 * Access-log import throughput: writes N lines of each proxy's format (HAProxy httplog, nginx
 * combined + timings, Caddy JSON with its roundtrip lines) and times, per format:
 *   1. the reader alone (line → record), lines/s;
 *   2. importPaths into a sink that drops everything (reading, detection, records → spans);
 *   3. importPaths into a fresh DuckDB file through the import's pipeline (spans stored,
 *      requests assembled and stored), the path `tokenline import` takes.
 *
 *   npx tsx bench/access-log.bench.ts --lines 50000
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ACCESS_LOG_READERS } from '../src/core/access-log/readers.js'
import type { AccessLogFormat } from '../src/core/access-log/record.js'
import { createSilentLogger } from '../src/core/logger.js'
import { importPaths } from '../src/ingest/import/import.js'
import { createImportPipeline } from '../src/ingest/import/import-pipeline.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { countingSink } from '../src/ingest/testing/sinks.js'

const flag = process.argv.indexOf('--lines')
const LINES = Number(flag === -1 ? (process.env.BENCH_LINES ?? 50_000) : process.argv[flag + 1])
if (!Number.isInteger(LINES) || LINES <= 0) {
  throw new Error(`--lines must be a positive integer (actual: ${String(LINES)})`)
}

const T0 = Date.UTC(2026, 10, 30, 10, 0, 0)
const pad = (n: number, w = 2) => String(n).padStart(w, '0')
const clf = (ms: number, withMs: boolean) => {
  const d = new Date(ms)
  const mon = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[d.getUTCMonth()]
  const base = `${pad(d.getUTCDate())}/${mon}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  return withMs ? `${base}.${pad(d.getUTCMilliseconds(), 3)}` : `${base} +0000`
}

const MAKERS: Record<'haproxy' | 'nginx' | 'caddy-json', (i: number) => string> = {
  haproxy: (i) =>
    `10.0.0.9:${40000 + (i % 20000)} [${clf(T0 + i * 7, true)}] llm engines/vllm-${i % 4} 0/${i % 50}/1/${150 + (i % 300)}/${900 + (i % 700)} 200 1660 - - ---- 4/4/3/2/0 0/0 "POST /v1/chat/completions HTTP/1.1"`,
  nginx: (i) =>
    `10.0.0.9 - - [${clf(T0 + i * 7, false)}] "POST /v1/chat/completions HTTP/1.1" 200 1541 "-" "python-httpx/0.27" 0.${400 + (i % 500)} 0.001 0.0${10 + (i % 80)} 0.${399 + (i % 500)} 10.0.0.${5 + (i % 4)}:8000`,
  'caddy-json': (i) => {
    const end = (T0 + i * 7) / 1000
    const req = `"request":{"remote_ip":"10.0.0.9","remote_port":"${40000 + (i % 20000)}","proto":"HTTP/1.1","method":"POST","host":"llm","uri":"/v1/chat/completions","headers":{}}`
    return (
      `{"level":"debug","ts":${end - 0.8},"logger":"http.handlers.reverse_proxy","msg":"upstream roundtrip","upstream":"10.0.0.${5 + (i % 4)}:8000","duration":0.08,${req},"headers":{},"status":200}\n` +
      `{"level":"info","ts":${end},"logger":"http.log.access","msg":"handled request",${req},"duration":0.9,"size":1499,"status":200}`
    )
  },
}

const fmtRate = (n: number, ms: number) =>
  `${Math.round((n / ms) * 1000).toLocaleString('en-US')}/s`

const dir = await mkdtemp(join(tmpdir(), 'tokenline-access-log-bench-'))
try {
  process.stdout.write(`${LINES.toLocaleString('en-US')} requests per format\n`)
  for (const [format, make] of Object.entries(MAKERS)) {
    const text = Array.from({ length: LINES }, (_, i) => make(i)).join('\n') + '\n'
    const path = join(dir, `${format}.log`)
    await writeFile(path, text)
    const lines = text.split('\n').filter((l) => l !== '')
    const reader = ACCESS_LOG_READERS[format as AccessLogFormat]({})
    let t = performance.now()
    let records = 0
    for (const l of lines) {
      const r = reader.read(l)
      records += typeof r === 'object' && r !== null ? 1 : 0
    }
    const readMs = performance.now() - t
    const sink = countingSink()
    t = performance.now()
    const dropped = await importPaths([path], sink)
    const sinkMs = performance.now() - t
    const store = await createDuckDbStore({ path: join(dir, `${format}.duckdb`) })
    const pipeline = createImportPipeline({ store, logger: createSilentLogger(), now: Date.now })
    t = performance.now()
    const stored = await importPaths([path], pipeline)
    await pipeline.close()
    const duckMs = performance.now() - t
    await store.close()
    process.stdout.write(
      `${format.padEnd(11)} reader ${fmtRate(lines.length, readMs)} lines (${records} requests)` +
        ` · import to a discard sink ${fmtRate(LINES, sinkMs)} requests (${dropped.read.spans} spans)` +
        ` · import to DuckDB ${fmtRate(LINES, duckMs)} requests (${stored.requests} assembled)\n`
    )
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
