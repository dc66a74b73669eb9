import { describe, expect, it } from 'vitest'
import { skippedLines, untimedLines } from './import-to-memory.js'

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
})
