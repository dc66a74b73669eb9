import { describe, expect, it } from 'vitest'
import { createRng } from '../core/stats/seeded-random.js'
import { EventQueue, MinHeap } from './heap.js'

describe('EventQueue', () => {
  it('pops what MinHeap pops, in its order, ties and NaN times included', () => {
    const rng = createRng(24)
    for (let round = 0; round < 50; round++) {
      const plain = new MinHeap<{
        timeUs: number
        seq: number
        kind: number
        idx: number
        gen: number
      }>()
      const typed = new EventQueue()
      let seq = 0
      const got: number[][] = []
      const want: number[][] = []
      // Few distinct times in some rounds (ties by push order), a NaN now and then.
      const times = round % 2 === 0 ? 5 : 1e6
      for (let op = 0; op < 400; op++) {
        if (rng.next() < 0.55 || plain.size === 0) {
          const timeUs = rng.next() < 0.02 ? NaN : rng.int(0, times)
          const kind = rng.int(0, 2)
          const idx = rng.int(0, 1000)
          const gen = rng.int(0, 50)
          plain.push({ timeUs, seq: seq++, kind, idx, gen })
          typed.push(timeUs, kind, idx, gen)
        } else {
          const e = plain.pop()!
          want.push([e.timeUs, e.kind, e.idx, e.gen])
          got.push([typed.topTimeUs, typed.topKind, typed.topIdx, typed.topGen])
          typed.pop()
        }
        expect(typed.size).toBe(plain.size)
      }
      while (plain.size > 0) {
        const e = plain.pop()!
        want.push([e.timeUs, e.kind, e.idx, e.gen])
        got.push([typed.topTimeUs, typed.topKind, typed.topIdx, typed.topGen])
        typed.pop()
      }
      expect(got).toEqual(want)
    }
  })
})
