import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rejectedLines, skippedLines, untimedLines, withImportedStore } from './import-to-memory.js'

const unknown = (file: string) => ({
  file,
  error: 'format not recognised: JSON without resourceSpans, resourceMetrics, items or time+kind',
})

describe('skippedLines', () => {
  it('names up to three unrecognised files one per line', () => {
    expect(skippedLines([unknown('a.json'), unknown('b.json')])).toEqual([
      'skipped a.json: format not recognised: JSON without resourceSpans, resourceMetrics, items or time+kind',
      'skipped b.json: format not recognised: JSON without resourceSpans, resourceMetrics, items or time+kind',
    ])
  })

  it('gathers many unrecognised files on one line and keeps each decode error on its own', () => {
    const files = ['1.meta.json', '2.meta.json', '3.meta.json', '4.meta.json', '5.meta.json']
    const broken = { file: 'x.pb', error: 'OTLP protobuf: index out of range' }
    const lines = skippedLines([...files.map(unknown), broken])
    expect(lines).toEqual([
      'skipped 5 files in a format not recognised: 1.meta.json, 2.meta.json, 3.meta.json and 2 more (JSON without resourceSpans, resourceMetrics, items or time+kind)',
      'skipped x.pb: OTLP protobuf: index out of range',
    ])
  })
})

describe('untimedLines', () => {
  it('says where samples without a timestamp were placed, and nothing for timed files', () => {
    const lines = untimedLines([
      { file: 'scrape.txt', untimedSamples: { count: 1234, atMs: Date.UTC(2026, 11, 2, 21, 23) } },
      { file: 'timed.om' },
    ])
    expect(lines).toEqual([
      "scrape.txt: 1,234 samples have no timestamp; they are placed at the file's modification time, 2026-12-02T21:23:00.000Z",
    ])
  })

  it('says when they were moved to the edge of the timed data, and why', () => {
    const lines = untimedLines([
      {
        file: 'scrape.txt',
        untimedSamples: {
          count: 3,
          atMs: Date.UTC(2026, 11, 1, 4, 2),
          mtimeMs: Date.UTC(2026, 11, 5, 15, 51),
        },
      },
    ])
    expect(lines).toEqual([
      "scrape.txt: 3 samples have no timestamp; they are placed at the end of the timed data, 2026-12-01T04:02:00.000Z, not at the file's modification time, 2026-12-05T15:51:00.000Z: a reading without a time does not widen the window",
    ])
  })
})

/** One OTLP/JSON engine span of request `i`, ending `durationMs` after it starts. */
function engineSpan(i: number, durationMs: number): Record<string, unknown> {
  const startNs = BigInt(1_760_000_000_000 + i * 500) * 1_000_000n
  return {
    traceId: (i + 1).toString(16).padStart(32, '0'),
    spanId: (i + 1).toString(16).padStart(16, '0'),
    name: 'llm_request',
    kind: 2,
    startTimeUnixNano: String(startNs),
    endTimeUnixNano: String(startNs + BigInt(durationMs) * 1_000_000n),
    attributes: [{ key: 'gen_ai.usage.prompt_tokens', value: { intValue: '512' } }],
  }
}

describe('withImportedStore', () => {
  it('refuses files whose every span was rejected as nothing readable, not an empty window', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenline-rejected-'))
    try {
      const file = join(dir, 'traces.json')
      const spans = Array.from({ length: 5 }, (_, i) => engineSpan(i, -500))
      writeFileSync(
        file,
        JSON.stringify({
          resourceSpans: [
            { resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'vllm' }, spans }] },
          ],
        })
      )
      let ran = false
      await expect(
        withImportedStore([file], () => {
          ran = true
          return Promise.resolve()
        })
      ).rejects.toMatchObject({ code: 'INPUT_INVALID' })
      expect(ran).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('a scrape without timestamps beside timed spans', () => {
  it('is placed within the spans, so its modification time days later does not widen the extent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenline-untimed-'))
    try {
      const traces = join(dir, 'traces.json')
      const spans = Array.from({ length: 5 }, (_, i) => engineSpan(i, 800))
      writeFileSync(
        traces,
        JSON.stringify({
          resourceSpans: [
            { resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'vllm' }, spans }] },
          ],
        })
      )
      const scrape = join(dir, 'scrape.txt')
      writeFileSync(scrape, '# TYPE vllm:num_requests_waiting gauge\nvllm:num_requests_waiting 3\n')
      // Saved (or copied) four days after the traces.
      const later = new Date(1_760_000_000_000 + 4 * 86_400_000)
      utimesSync(scrape, later, later)
      const extent = await withImportedStore([traces, scrape], (store) => store.extent())
      const lastEndUs = (1_760_000_000_000 + 4 * 500 + 800) * 1000
      expect(extent).toEqual({ startUs: 1_760_000_000_000 * 1000, endUs: lastEndUs })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('rejectedLines', () => {
  it('names each file with rejects once, with its count and first reason', () => {
    expect(
      rejectedLines([
        {
          file: 't.json',
          rejected: 1200,
          rejects: [{ file: 't.json', line: 3, reason: 'traceId must be 32 hex digits' }],
        },
        { file: 'ok.json', rejected: 0, rejects: [] },
      ])
    ).toEqual(['t.json: 1,200 rejected, first (line 3): traceId must be 32 hex digits'])
  })
})
