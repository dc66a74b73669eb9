import { performance } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { arrivalOf } from './arrival-clock.js'

const nextPass = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
const spin = (ms: number): void => {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // busy: the reads of other sockets in the same pass
  }
}
const oneEvent = Buffer.from('5a\r\ndata: {"choices":[{"delta":{"content":"x"}}]}\n\n\r\n')
const twoEvents = Buffer.from('data: {"a":1}\n\ndata: {"a":2}\n\n')
const twoCrlfEvents = Buffer.from('data: {"a":1}\r\n\r\ndata: {"a":2}\r\n\r\n')

describe('arrivalOf', () => {
  it('gives a one-event read of a pass over ready sockets the time of the pass’s first read', async () => {
    await nextPass()
    const first = arrivalOf(oneEvent)
    spin(0.5)
    const second = arrivalOf(oneEvent)
    // the same reading, unless this process waited over 5 ms for a core in between
    expect(second === first || second - first > 5).toBe(true)
    await nextPass()
    // the next pass reads the clock again
    expect(arrivalOf(oneEvent)).toBeGreaterThan(first)
  })

  it('gives a read that completes two events its own time: the second may have come mid-pass', async () => {
    await nextPass()
    const first = arrivalOf(oneEvent)
    spin(0.5)
    expect(arrivalOf(twoEvents) - first).toBeGreaterThanOrEqual(0.5)
    expect(arrivalOf(twoCrlfEvents) - first).toBeGreaterThanOrEqual(0.5)
  })

  it('never holds a reading more than 5 ms old', async () => {
    await nextPass()
    const first = arrivalOf(oneEvent)
    spin(6)
    expect(arrivalOf(oneEvent) - first).toBeGreaterThanOrEqual(6)
  })
})
