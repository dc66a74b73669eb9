/**
 * A team without tracing: an HAProxy httplog and HAProxy's exporter scrapes (as an OpenMetrics
 * backfill file) are all there is. 25 minutes of traffic; from minute 17 half the requests wait
 * 0.6–1.5 s for a server slot (`Tw`) while the backend queue fills. Imported like a user would,
 * then diagnosed.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runDiagnosis } from '../../src/core/diagnosis/run-diagnosis.js'
import type { Diagnosis } from '../../src/core/model/diagnosis.js'
import { createTestIngest, importFiles, tempDir } from '../../src/testing/proxies.js'

const START_MS = Date.UTC(2026, 10, 30, 10, 0, 0)
const MINUTES = 25
const FAULT_FROM_MIN = 17
const STEP_MS = 1000

/** A small seeded generator (the test's data must be the same on every run). */
function lcg(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function clf(ms: number): string {
  const d = new Date(ms)
  const p = (n: number, w = 2) => String(n).padStart(w, '0')
  return (
    `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:` +
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}.${p(d.getUTCMilliseconds(), 3)}`
  )
}

function haproxyLog(): string {
  const rnd = lcg(7)
  const lines: string[] = []
  for (let t = START_MS, i = 0; t < START_MS + MINUTES * 60_000; t += STEP_MS, i++) {
    const faulty = t >= START_MS + FAULT_FROM_MIN * 60_000 && rnd() < 0.5
    const tw = faulty ? Math.round(600 + rnd() * 900) : 0
    const tc = Math.round(rnd() * 2)
    const tr = Math.round(150 + rnd() * 300)
    const ta = tw + tc + tr + Math.round(800 + rnd() * 700)
    const server = `vllm-${i % 2}`
    lines.push(
      `10.0.0.9:${40000 + (i % 20000)} [${clf(t)}] llm engines/${server} 0/${tw}/${tc}/${tr}/${ta} 200 1660 - - ---- 4/4/3/2/0 0/${faulty ? 3 : 0} "POST /v1/chat/completions HTTP/1.1"`
    )
    if (i % 5 === 0) {
      lines.push(
        `10.0.0.2:${30000 + (i % 20000)} [${clf(t + 1)}] llm engines/${server} 0/0/0/1/1 200 123 - - ---- 4/4/3/2/0 0/0 "GET /health HTTP/1.1"`
      )
    }
  }
  return `${lines.join('\n')}\n`
}

function exporterScrapes(): string {
  const out = ['# TYPE haproxy_backend_current_queue gauge']
  for (let t = START_MS; t < START_MS + MINUTES * 60_000; t += 15_000) {
    const queue = t >= START_MS + FAULT_FROM_MIN * 60_000 ? 6 : 0
    out.push(`haproxy_backend_current_queue{proxy="engines"} ${queue} ${t / 1000}`)
  }
  out.push('# EOF')
  return `${out.join('\n')}\n`
}

describe('a diagnosis from an HAProxy log and its exporter, without traces', () => {
  const ingest = createTestIngest()
  let tmp: Awaited<ReturnType<typeof tempDir>> | null = null
  let result: Diagnosis
  let imported: Awaited<ReturnType<typeof importFiles>>

  beforeAll(async () => {
    tmp = await tempDir('lb-diagnosis')
    await writeFile(join(tmp.dir, 'haproxy.log'), haproxyLog())
    await writeFile(join(tmp.dir, 'haproxy.om'), exporterScrapes())
    imported = await importFiles(ingest.sink, [tmp.dir])
    result = (await runDiagnosis(ingest.store)).diagnosis
  }, 60_000)

  afterAll(async () => {
    await ingest.sink.close()
    await tmp?.cleanup()
  })

  it('counts the LLM calls only', () => {
    expect(imported.requests).toBe((MINUTES * 60_000) / STEP_MS)
    expect(imported.notLlm).toBe((MINUTES * 60_000) / STEP_MS / 5)
    expect(imported.rejected).toBe(0)
  })

  it('names gateway.queueing (cause assertion: diagnosis engine)', () => {
    const top = result.findings[0]
    expect(top?.cause).toBe('gateway.queueing')
    const faultUs = (START_MS + FAULT_FROM_MIN * 60_000) * 1000
    const startUs = Date.parse(top?.window?.start ?? '') * 1000
    expect(Math.abs(startUs - faultUs)).toBeLessThanOrEqual(3 * 60_000_000)
  })
})
