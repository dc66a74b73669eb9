import { afterEach, describe, expect, it } from 'vitest'
import { startLoopLag, type LoopLag } from './loop-lag.js'

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Holds the event loop the way a long synchronous write round does. */
function block(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // busy
  }
}

let lag: LoopLag | null = null
afterEach(() => {
  lag?.close()
  lag = null
})

describe('startLoopLag', () => {
  it('reports a stall of the loop once it is over, for a couple of seconds', async () => {
    lag = startLoopLag()
    await sleep(120)
    block(700)
    // The stall is counted while it is still the timer's turn to run.
    expect(lag.recentMs()).toBeGreaterThanOrEqual(600)
    await sleep(120)
    expect(lag.recentMs()).toBeGreaterThanOrEqual(600)
    // Forgotten after the window (2 s): the answer time counts only recent lateness.
    await sleep(2300)
    expect(lag.recentMs()).toBeLessThan(600)
  })
})
