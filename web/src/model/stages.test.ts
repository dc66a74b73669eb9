import { describe, expect, it } from 'vitest'
import { isBeforeFirstToken, stackStageMeans } from './stages.js'

describe('stackStageMeans', () => {
  it('weights partial stages by the share of requests that have them and stacks in order', () => {
    const stack = stackStageMeans([
      {
        count: 10,
        stages: {
          'engine.queue': { count: 10, meanMs: 100, p99Ms: 400 },
          downstream: { count: 5, meanMs: 40, p99Ms: 90 },
          'engine.decode': { count: 10, meanMs: 500, p99Ms: 900 },
        },
      },
      null,
    ])
    expect(stack.stages).toEqual(['downstream', 'engine.queue', 'engine.decode'])
    expect(stack.values).toEqual([
      [20, null],
      [100, null],
      [500, null],
    ])
    expect(stack.cumulative.map((row) => row[0])).toEqual([20, 120, 620])
  })

  it('leaves out stages without time anywhere', () => {
    const stack = stackStageMeans([
      { count: 1, stages: { 'client.dns': { count: 1, meanMs: 0, p99Ms: 0 } } },
    ])
    expect(stack.stages).toEqual([])
  })
})

describe('isBeforeFirstToken', () => {
  it.each([
    ['gateway.upstream', true],
    ['gateway.unattributed', true],
    ['engine.prefill', true],
    ['engine.decode', false],
    // A gateway's upstream call after its first chunk: the answer streaming through.
    ['gateway.stream', false],
    ['stream', false],
  ] as const)('%s → %s', (stage, expected) => {
    expect(isBeforeFirstToken(stage)).toBe(expected)
  })
})
