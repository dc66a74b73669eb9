import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE, H100_SXM, MODELS } from './config.js'
import { createCostModel, stepCost } from './cost-model.js'

const MODEL = MODELS['llama-3.1-8b']!
const cm = createCostModel(MODEL, H100_SXM, DEFAULT_ENGINE)
const idle = { prefillTokens: 0, prefillAttnPairs: 0, decodeTokens: 0, decodeCtxTokens: 0 }

describe('the roofline step-time model', () => {
  it('sizes the KV cache from the memory left after weights and activations', () => {
    const usable = 80 * 2 ** 30 * 0.9 - MODEL.paramsB * 1e9 * 2 - 4 * 2 ** 30
    expect(cm.kvBlocks).toBe(Math.floor(usable / (MODEL.kvBytesPerToken * 16)))
    expect(
      createCostModel(MODEL, H100_SXM, { ...DEFAULT_ENGINE, kvCacheBlocks: 100 }).kvBlocks
    ).toBe(100)
  })

  it('makes a small decode batch memory-bound: one pass over the weights dominates', () => {
    const c = stepCost(cm, { ...idle, decodeTokens: 8, decodeCtxTokens: 8 * 1000 })
    expect(c.memoryUs).toBeGreaterThan(c.computeUs)
    // ≈ 16 GB of weights at 80 % of 3.35 TB/s ≈ 6 ms, plus the 1.2 ms overhead
    expect(c.durationUs).toBeGreaterThan(6000)
    expect(c.durationUs).toBeLessThan(8000)
    expect(c.durationUs).toBeCloseTo(1200 + c.memoryUs, 6)
  })

  it('makes a large prefill compute-bound, growing with its tokens', () => {
    const small = stepCost(cm, { ...idle, prefillTokens: 2048, prefillAttnPairs: 2048 * 1024 })
    const large = stepCost(cm, { ...idle, prefillTokens: 8192, prefillAttnPairs: 8192 * 4096 })
    expect(large.computeUs).toBeGreaterThan(large.memoryUs)
    expect(large.durationUs).toBeGreaterThan(3 * (small.durationUs - 1200))
  })

  it('charges decode steps more as their contexts grow (KV read)', () => {
    const short = stepCost(cm, { ...idle, decodeTokens: 64, decodeCtxTokens: 64 * 500 })
    const long = stepCost(cm, { ...idle, decodeTokens: 64, decodeCtxTokens: 64 * 8000 })
    expect(long.durationUs).toBeGreaterThan(short.durationUs)
  })
})
