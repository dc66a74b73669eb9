import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { collectGarbage } from './collect-garbage.js'

describe('collectGarbage', () => {
  it('frees unreachable objects at once, without --expose-gc, so a refusing server can shed its garbage', async () => {
    const ref = new WeakRef(Array.from({ length: 200 }, () => new Array<number>(10_000).fill(1)))
    // A WeakRef keeps its target alive until the current turn ends.
    await nextTurn()
    expect(collectGarbage()).toBe(true)
    expect(ref.deref()).toBeUndefined()
  })
})
