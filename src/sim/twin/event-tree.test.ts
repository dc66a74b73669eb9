import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../../core/stats/seeded-random.js'
import { SlotTree } from './event-tree.js'

/** The least pending slot by (instant, seq), found by looking at every slot. */
function leastOf(timeUs: number[], seq: number[]): number {
  let best = -1
  for (let s = 0; s < timeUs.length; s++) {
    if (seq[s] === Infinity) {
      continue
    }
    if (
      best < 0 ||
      timeUs[s]! < timeUs[best]! ||
      (timeUs[s] === timeUs[best] && seq[s]! < seq[best]!)
    ) {
      best = s
    }
  }
  return best
}

describe('SlotTree', () => {
  it('gives the least slot by instant, then seq, through sets and clears', () => {
    for (const slots of [1, 2, 3, 5, 32, 33]) {
      const rng = createSeededRandom(slots)
      const tree = new SlotTree(slots)
      const timeUs = new Array<number>(slots).fill(Infinity)
      const seq = new Array<number>(slots).fill(Infinity)
      let next = 0
      expect(tree.top()).toBe(-1)
      for (let op = 0; op < 20_000; op++) {
        const s = Math.floor(rng() * slots)
        if (rng() < 0.2) {
          tree.clear(s)
          timeUs[s] = Infinity
          seq[s] = Infinity
        } else {
          // Few distinct instants, so that ties on the instant are common; one at Infinity too.
          const t = rng() < 0.01 ? Infinity : Math.floor(rng() * 8)
          tree.set(s, t, next)
          timeUs[s] = t
          seq[s] = next++
        }
        expect(tree.top()).toBe(leastOf(timeUs, seq))
      }
    }
  })

  it('refuses an event at a NaN instant', () => {
    expect(() => new SlotTree(4).set(2, NaN, 0)).toThrow(/NaN/)
  })
})
