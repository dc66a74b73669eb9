import { describe, expect, it } from 'vitest'
import { SseReader } from './sse-reader.js'

const enc = (s: string): Uint8Array => new TextEncoder().encode(s)
const ev = (o: unknown): string => `data: ${JSON.stringify(o)}\n\n`

describe('SseReader', () => {
  it('timestamps first event, first token of any kind, content chunks and usage', () => {
    const r = new SseReader({ keepText: true })
    r.feed(enc(ev({ choices: [{ delta: { role: 'assistant', content: '' } }] })), 1)
    r.feed(enc(ev({ choices: [{ delta: { reasoning_content: 'hmm' } }] })), 2)
    // one event split across two TCP reads: it completes at the second read's time
    const split = ev({ choices: [{ delta: { content: 'Hi' } }] })
    r.feed(enc(split.slice(0, 10)), 3)
    r.feed(
      enc(
        split.slice(10) + ev({ choices: [{ delta: { content: ' there' }, finish_reason: 'stop' }] })
      ),
      4
    )
    r.feed(
      enc(
        ev({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 2 } }) + 'data: [DONE]\n\n'
      ),
      5
    )
    expect(r.firstEventAtMs).toBe(1)
    expect(r.firstAnyTokenAtMs).toBe(2)
    expect(r.contentArrivalsAtMs).toEqual([4, 4])
    expect(r.text).toBe('Hi there')
    expect([r.inputTokens, r.outputTokens]).toEqual([7, 2])
    expect(r.finished).toBe(true)
    expect(r.events).toBe(6)
    // vLLM's view: every event with choices; AIPerf's end: the usage chunk, not [DONE]
    expect(r.choiceArrivalsAtMs).toEqual([1, 2, 4, 4])
    expect(r.lastEventAtMs).toBe(5)
  })

  it('keeps deferred chunks with their arrival times and parses them on flush', async () => {
    const r = new SseReader({ keepText: false })
    r.defer(enc(ev({ choices: [{ delta: { content: 'a' } }] })), 7)
    r.defer(enc(ev({ choices: [{ delta: { content: 'b' } }] })), 9)
    expect(r.contentArrivalsAtMs).toEqual([])
    r.flush()
    expect(r.contentArrivalsAtMs).toEqual([7, 9])
    // a deferred chunk is also parsed by the event loop's check phase without an explicit flush
    r.defer(enc(ev({ choices: [{ delta: { content: 'c' } }] })), 11)
    await new Promise((resolve) => setImmediate(resolve))
    expect(r.contentArrivalsAtMs).toEqual([7, 9, 11])
  })

  it('parses a large backlog in slices, returning to the event loop between them', async () => {
    // 2,000 streams × 20 chunks take tens of ms to parse; one check phase must not do it all,
    // or every socket that becomes readable meanwhile is stamped that much late
    const chunk = enc(ev({ choices: [{ delta: { content: 'x' } }] }))
    const readers = Array.from({ length: 2000 }, () => new SseReader({ keepText: false }))
    for (const r of readers) {
      for (let i = 0; i < 20; i++) {
        r.defer(chunk, i)
      }
    }
    await new Promise((resolve) => setImmediate(resolve))
    const parsed = readers.filter((r) => r.contentArrivalsAtMs.length === 20).length
    expect(parsed).toBeGreaterThan(0)
    expect(parsed).toBeLessThan(readers.length)
    // untouched readers stay whole: a reader is parsed all at once, in arrival order
    expect(readers.every((r) => [0, 20].includes(r.contentArrivalsAtMs.length))).toBe(true)
    while (readers.some((r) => r.contentArrivalsAtMs.length < 20)) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(readers[1999]?.contentArrivalsAtMs).toEqual([...Array(20).keys()])
  })

  it('reads legacy completions chunks and counts malformed events', () => {
    const r = new SseReader({ keepText: false })
    r.feed(enc(ev({ choices: [{ text: 'a' }] }) + 'data: {oops\n\n'), 1)
    expect(r.contentArrivalsAtMs).toEqual([1])
    expect(r.malformedEvents).toBe(1)
    expect(r.finished).toBe(false)
  })
})
