/**
 * Import keeps what is good: a bad line is rejected with its file and line number, whatever
 * line it is, and the other lines of the file are stored.
 */
import { describe, expect, it } from 'vitest'
import { bytesSource, importSource } from '../../src/ingest/import/import.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { createTestSink } from '../../src/ingest/testing/sinks.js'

const MTIME_MS = 1_760_000_000_000

function openMetrics(lines: number): string {
  const out = ['# TYPE vllm:num_requests_running gauge']
  for (let i = 0; i < lines; i++) {
    out.push(`vllm:num_requests_running{pod="p${i}"} ${i} ${MTIME_MS + i}`)
  }
  out.push('# EOF')
  return `${out.join('\n')}\n`
}

async function importText(name: string, bytes: Uint8Array) {
  const store = createMemoryStore()
  const summary = await importSource(bytesSource(name, bytes, MTIME_MS), createTestSink(store))
  return summary
}

describe('import rejects bad lines, not files', () => {
  it('one stray control byte in a 50-line OpenMetrics file costs one sample, named by line', async () => {
    const text = openMetrics(50).replace('pod="p17"', 'pod="p1\u000117"')
    const summary = await importText('vllm.om', new TextEncoder().encode(text))
    expect(summary.error).toBeNull()
    expect(summary.format).toBe('prometheus-text')
    expect(summary.stored.samples + summary.rejected).toBe(50)
    expect(summary.stored.samples).toBeGreaterThanOrEqual(49)
  })

  it('one invalid UTF-8 byte does not make the file binary', async () => {
    const text = new TextEncoder().encode(openMetrics(50))
    const bytes = Uint8Array.from(text)
    bytes[200] = 0xff
    const summary = await importText('vllm.om', bytes)
    expect(summary.error).toBeNull()
    expect(summary.format).toBe('prometheus-text')
    expect(summary.stored.samples).toBeGreaterThanOrEqual(49)
  })

  it('an events file whose first line is bad keeps every other event, and names line 1', async () => {
    const good = (i: number) =>
      JSON.stringify({
        time: new Date(MTIME_MS + i * 1000).toISOString(),
        kind: 'deploy',
        model: 'm',
      })
    const text = ['{"time": oops', good(1), good(2), '', good(3), 'not json', good(4)].join('\n')
    const summary = await importText('changes.log', new TextEncoder().encode(text))
    expect(summary.format).toBe('events-jsonl')
    expect(summary.error).toBeNull()
    expect(summary.stored.events).toBe(4)
    expect(summary.rejects.map((r) => [r.file, r.line])).toEqual([
      ['changes.log', 1],
      ['changes.log', 6],
    ])
  })

  it('a Prometheus file whose first line is garbage keeps the samples after it', async () => {
    const text = `\u0000\u0000garbage\n${openMetrics(10)}`
    const summary = await importText('scrape.txt', new TextEncoder().encode(text))
    expect(summary.format).toBe('prometheus-text')
    expect(summary.stored.samples).toBe(10)
    expect(summary.rejects[0]?.line).toBe(1)
  })
})
