import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { poolThreads } from '../../sim/node/run-pool.js'
import { autoThreads } from './whatif.js'

describe('whatif --threads auto (ADR 0512)', () => {
  it('runs a window of 500k requests or more on two threads, a smaller one serially', () => {
    expect(autoThreads(499_999)).toBe(1)
    expect(autoThreads(500_000)).toBe(2)
    expect(autoThreads(1_000_000)).toBe(2)
  })

  it('never asks for more threads than the host has cores', () => {
    expect(poolThreads(autoThreads(1_000_000))).toBe(Math.min(2, availableParallelism()))
  })
})
