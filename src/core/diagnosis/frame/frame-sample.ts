/**
 * A deterministic sample of a frame for the excess scan: its medians and localisation need tens
 * of thousands of requests, not millions. Requests are kept by a hash of their index, not every
 * k-th one, so a stride can never alias with round-robin routing (every 8th request on one
 * replica); the same data always gives the same sample.
 */
import type { Dimension, StageName } from '../../model/request.js'
import type { DictColumn, RequestFrame } from './frame.js'

function pick<T extends Float64Array | Int8Array | Uint8Array | Int32Array>(
  col: T,
  idx: Int32Array
): T {
  const out = new (col.constructor as new (n: number) => T)(idx.length)
  for (let j = 0; j < idx.length; j++) {
    out[j] = col[idx[j] as number] as number
  }
  return out
}

function dict(col: DictColumn, idx: Int32Array): DictColumn {
  return { codes: pick(col.codes, idx), values: col.values }
}

/** A 32-bit integer hash (lowbias32). */
function hash32(x: number): number {
  let h = x >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x7feb352d)
  h ^= h >>> 15
  h = Math.imul(h, 0x846ca68b)
  h ^= h >>> 16
  return h >>> 0
}

/** The frame itself when it has at most `max` requests, else every k-th request. */
export function sampleFrame(frame: RequestFrame, max: number): RequestFrame {
  if (frame.n <= max) {
    return frame
  }
  const limit = (max / frame.n) * 4294967296
  let m = 0
  for (let i = 0; i < frame.n; i++) {
    if (hash32(i) < limit) {
      m++
    }
  }
  const idx = new Int32Array(m)
  for (let i = 0, j = 0; i < frame.n; i++) {
    if (hash32(i) < limit) {
      idx[j++] = i
    }
  }
  const stages = {} as Record<StageName, Float64Array>
  for (const [name, col] of Object.entries(frame.stages)) {
    stages[name as StageName] = pick(col, idx)
  }
  const dims = {} as Record<Dimension, DictColumn>
  for (const [name, col] of Object.entries(frame.dims)) {
    dims[name as Dimension] = dict(col, idx)
  }
  return {
    n: m,
    startUs: pick(frame.startUs, idx),
    ttftUs: pick(frame.ttftUs, idx),
    ttftUserUs: pick(frame.ttftUserUs, idx),
    tpotUs: pick(frame.tpotUs, idx),
    itlMaxUs: pick(frame.itlMaxUs, idx),
    e2eUs: pick(frame.e2eUs, idx),
    stages,
    inputTokens: pick(frame.inputTokens, idx),
    outputTokens: pick(frame.outputTokens, idx),
    cachedTokens: pick(frame.cachedTokens, idx),
    status: pick(frame.status, idx),
    retries: pick(frame.retries, idx),
    connectionReused: pick(frame.connectionReused, idx),
    tlsResumed: pick(frame.tlsResumed, idx),
    ttftFromClient: pick(frame.ttftFromClient, idx),
    hasClient: pick(frame.hasClient, idx),
    hasGateway: pick(frame.hasGateway, idx),
    hasEngine: pick(frame.hasEngine, idx),
    dims,
    errorType: dict(frame.errorType, idx),
    downstreamName: dict(frame.downstreamName, idx),
    prefillPerTokenUs: pick(frame.prefillPerTokenUs, idx),
    perOutputTokenUs: pick(frame.perOutputTokenUs, idx),
  }
}
