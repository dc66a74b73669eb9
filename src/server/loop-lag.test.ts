import { afterEach, describe, expect, it } from 'vitest'
import { startLoopLag, type LoopLag } from './loop-lag.js'

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))
const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r))

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
  it('reports a stall while it lasts and at the tick after it, then forgets it', async () => {
    lag = startLoopLag()
    await sleep(120)
    block(700)
    // Still inside the stall: the overdue tick counts.
    expect(lag.lastMs()).toBeGreaterThanOrEqual(600)
    // The tick runs before the sockets that became ready during the stall are read.
    await nextTurn()
    expect(lag.lastMs()).toBeGreaterThanOrEqual(600)
    // A request arriving once the loop is on time again did not wait through the stall.
    await sleep(300)
    expect(lag.lastMs()).toBeLessThan(600)
  })
})
