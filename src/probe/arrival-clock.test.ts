import { performance } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { arrivalNow } from './arrival-clock.js'

const nextPass = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
const spin = (ms: number): void => {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // busy: the reads of other sockets in the same pass
  }
}

describe('arrivalNow', () => {
  it('gives every read of one pass over ready sockets the time of its first read', async () => {
    await nextPass()
    const first = arrivalNow()
    spin(0.2)
    const second = arrivalNow()
    // the same reading, unless this process waited over 1 ms for a core in between
    expect(second === first || second - first > 1).toBe(true)
    await nextPass()
    // the next pass reads the clock again
    expect(arrivalNow()).toBeGreaterThan(first)
  })

  it('never holds a reading more than 1 ms old: a long pass gives later reads their own time', async () => {
    await nextPass()
    const first = arrivalNow()
    spin(1.5)
    const later = arrivalNow()
    expect(later - first).toBeGreaterThanOrEqual(1.5)
  })
})
