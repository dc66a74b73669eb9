import type http from 'node:http'
import type http2 from 'node:http2'
import type { MockEngine } from './engine.js'
import type { MockMetrics } from './metrics.js'
import type { Misbehaviour } from './misbehave.js'
import type { OtlpJsonSpan } from '../core/otlp/encode-json.js'

export type Req = http.IncomingMessage | http2.Http2ServerRequest
export type Res = http.ServerResponse | http2.Http2ServerResponse
/** The part of both response APIs the handler uses (the union itself is not callable). */
export interface Out {
  writeHead(status: number, headers: Record<string, string | number>): unknown
  write(chunk: string, cb?: () => void): unknown
  end(chunk?: string): unknown
  on(event: 'close', listener: () => void): unknown
}

export interface HandlerDeps {
  engine: MockEngine
  metrics: MockMetrics
  model: string
  misbehave: Misbehaviour
  defaultOutputTokens: number
  stampTokens: boolean
  seed: number
  exportSpan: (span: OtlpJsonSpan) => void
}

/** Reads CLOCK_MONOTONIC, the clock every process on the host shares, in milliseconds. */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint() / 1000n) / 1000
}

/**
 * What the server really did with one streamed request, per trace id, in monotonic ms
 * (`monotonicMs`): when its body had been read, when the first bytes of the answer (status line,
 * headers and, for chat, the role chunk) had been written, and when each content chunk's socket
 * write completed. A measuring client on the same host compares its own clock readings with
 * these instead of with a nominal schedule.
 */
export interface ServerWrites {
  receivedMs: number
  firstWriteMs: number | null
  contentWritesMs: number[]
}

/** Counts prompt "tokens" as whitespace-separated words (the probe's synthetic prompts agree). */
export function countWords(text: string): number {
  const t = text.trim()
  return t === '' ? 0 : t.split(/\s+/).length
}
