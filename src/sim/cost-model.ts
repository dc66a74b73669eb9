import type { EngineConfig, GpuProfile, ModelProfile } from './config.js'

/** Precomputed constants of one replica's roofline step-time model. */
export interface CostModel {
  /** Seconds per FLOP at achievable throughput. */
  secPerFlop: number
  /** Seconds per byte at achievable bandwidth. */
  secPerByte: number
  weightBytes: number
  flopsPerToken: number
  attnFlopsPerTokenCtx: number
  kvBytesPerToken: number
  overheadUs: number
  kvBlocks: number
}

/** Builds the cost model of a replica (model on `tensorParallel` GPUs of one type). */
export function createCostModel(
  model: ModelProfile,
  gpu: GpuProfile,
  engine: EngineConfig
): CostModel {
  const tp = model.tensorParallel
  const tpEff = tp > 1 ? engine.tpEfficiency : 1
  const flops = gpu.peakTflops * 1e12 * tp * engine.mfu * tpEff
  const bandwidth = gpu.memBandwidthGBs * 1e9 * tp * engine.bandwidthEfficiency * tpEff
  const weightBytes = model.paramsB * 1e9 * model.weightBytesPerParam
  const usable =
    gpu.memoryGiB * 2 ** 30 * tp * engine.gpuMemoryUtilization -
    weightBytes -
    engine.activationReserveGiB * 2 ** 30 * tp
  const kvBlocks =
    engine.kvCacheBlocks ??
    Math.max(64, Math.floor(usable / (model.kvBytesPerToken * engine.blockSizeTokens)))
  return {
    secPerFlop: 1 / flops,
    secPerByte: 1 / bandwidth,
    weightBytes,
    flopsPerToken: 2 * model.paramsB * 1e9,
    attnFlopsPerTokenCtx: model.attnFlopsPerTokenCtx,
    kvBytesPerToken: model.kvBytesPerToken,
    overheadUs: engine.stepOverheadMs * 1000,
    kvBlocks,
  }
}

/** The work of one engine step. */
export interface StepWork {
  prefillTokens: number
  /** Σ over prefill chunks of chunk × (context before chunk + chunk / 2): attention pairs. */
  prefillAttnPairs: number
  decodeTokens: number
  /** Σ of the context lengths of the decoding sequences (KV tokens read). */
  decodeCtxTokens: number
}

/** Result of the roofline: step duration and how compute- vs memory-bound it was. */
export interface StepCost {
  durationUs: number
  computeUs: number
  memoryUs: number
}

/**
 * Step time (µs) = fixed overhead + max(compute, memory): compute is 2·params FLOPs per token
 * plus attention over the context; memory is one pass over the weights plus the KV of every
 * decoding sequence.
 */
export function stepCost(cm: CostModel, work: StepWork): StepCost {
  const tokens = work.prefillTokens + work.decodeTokens
  const flops =
    cm.flopsPerToken * tokens +
    cm.attnFlopsPerTokenCtx * (work.prefillAttnPairs + work.decodeCtxTokens)
  const computeUs = flops * cm.secPerFlop * 1e6
  const bytes = cm.weightBytes + cm.kvBytesPerToken * (work.decodeCtxTokens + work.prefillTokens)
  const memoryUs = bytes * cm.secPerByte * 1e6
  return { durationUs: cm.overheadUs + Math.max(computeUs, memoryUs), computeUs, memoryUs }
}
