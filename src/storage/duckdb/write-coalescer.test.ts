import { describe, expect, it } from 'vitest'
import { createSerialQueue } from './serial-queue.js'
import { createWriteCoalescer } from './write-coalescer.js'

describe('write coalescer', () => {
  it('merges calls that wait behind a running write into one write', async () => {
    const queue = createSerialQueue()
    const writes: number[][] = []
    const coalescer = createWriteCoalescer<number>(
      (task) => queue.run(task),
      async (items) => {
        writes.push([...items])
        await new Promise((r) => setTimeout(r, 5))
      }
    )
    await Promise.all([coalescer.submit([1]), coalescer.submit([2, 3]), coalescer.submit([4])])
    await Promise.all([coalescer.submit([5]), coalescer.submit([6])])
    expect(writes).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ])
  })

  it('retries a failed merged write per caller so only the bad batch fails', async () => {
    const queue = createSerialQueue()
    const committed: number[] = []
    const coalescer = createWriteCoalescer<number>(
      (task) => queue.run(task),
      async (items) => {
        if (items.includes(-1)) {
          throw new Error('bad row')
        }
        committed.push(...items)
      }
    )
    const results = await Promise.allSettled([
      coalescer.submit([1]),
      coalescer.submit([-1]),
      coalescer.submit([2]),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(committed.sort()).toEqual([1, 2])
  })

  it('caps the items merged into one write', async () => {
    const queue = createSerialQueue()
    const sizes: number[] = []
    const coalescer = createWriteCoalescer<number>(
      (task) => queue.run(task),
      async (items) => {
        sizes.push(items.length)
      },
      4
    )
    await Promise.all([
      coalescer.submit([1, 2, 3]),
      coalescer.submit([4, 5]),
      coalescer.submit([6]),
      coalescer.submit([7, 8, 9, 10, 11]),
    ])
    expect(sizes).toEqual([3, 3, 5])
  })
})
