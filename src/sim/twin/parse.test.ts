import { describe, expect, it } from 'vitest'
import { parseChanges, parseFactor, parseSplit, parseSweep } from './parse.js'

describe('change texts', () => {
  it.each([
    ['1.5x', 1.5],
    ['2', 2],
    ['150%', 1.5],
    ['0.5×', 0.5],
  ])('factor %s → %d', (text, want) => {
    expect(parseFactor('--load', text)).toBe(want)
  })

  it.each(['0x', '-1', 'fast', ''])('refuses the factor %j', (text) => {
    expect(() => parseFactor('--load', text)).toThrow(/--load must be a positive factor/)
  })

  it('reads a split and a sweep', () => {
    expect(parseSplit('long-prompts>4k:2')).toEqual({ minPromptTokens: 4000, replicas: 2 })
    expect(parseSweep('load=1x..2x')).toEqual([1, 1.25, 1.5, 1.75, 2])
    expect(() => parseSplit('long>4k')).toThrow(/long-prompts>TOKENS:REPLICAS/)
    expect(() => parseSweep('load=3x..1x')).toThrow(/--sweep/)
  })

  it('parses every change together', () => {
    expect(
      parseChanges({
        load: '1.5x',
        replicas: '+2',
        routing: 'least-loaded',
        maxNumSeqs: '64',
        maxTokensCap: '1k',
        removeCause: ['node.degraded:gpu-node-2'],
      })
    ).toEqual({
      loadFactor: 1.5,
      replicasDelta: 2,
      routing: 'least-loaded',
      maxNumSeqs: 64,
      maxTokensCap: 1000,
      removeCause: ['node.degraded:gpu-node-2'],
    })
    expect(() => parseChanges({ routing: 'random' })).toThrow(/--routing must be/)
    expect(() => parseChanges({ replicas: 'two' })).toThrow(/--replicas must be/)
  })
})
