/**
 * Recognises the sources of one trace (CONTRACT §1): engine and the engine's API server, client
 * span, gateway entry, gateway steps, upstream and downstream calls. One finder per tier
 * (`roles-engine.ts`, `roles-client.ts`, `roles-gateway.ts`); docs/timeline.md has the rules.
 */
import type { Span } from '../model/span.js'
import { findClient } from './roles-client.js'
import { findEngineRoles } from './roles-engine.js'
import { findGatewayEntry, findGatewayParts, type GatewayStep } from './roles-gateway.js'
import { TraceIndex } from './trace-index.js'

/** The spans of one trace, by the role they play in the request. */
export interface ClassifiedTrace {
  /** The engine span the timeline uses (the one with latency attributes that ended last). */
  engine: Span | null
  engineSpans: Span[]
  /** The engine's own API-server span (vLLM's FastAPI span), never a gateway. */
  frontend: Span | null
  gateway: Span | null
  steps: GatewayStep[]
  /** Upstream call attempts (several when the gateway retried). */
  upstream: Span[]
  downstream: Span[]
  /**
   * Whether the engine's work happened inside an upstream call: the engine span lies below one,
   * or an upstream call's `server.address` names the engine's replica.
   */
  engineInUpstream: boolean
  client: Span | null
  clientIsProbe: boolean
  /** Parent links and depths of the trace's spans. */
  index: TraceIndex
}

/** Sorts the spans of one trace into roles. Does not mutate its input. */
export function classifySpans(spans: readonly Span[]): ClassifiedTrace {
  const ix = new TraceIndex(spans)
  const n = spans.length
  const { engine, engineSpans, frontend } = findEngineRoles(ix)

  // Foreign SERVER spans (not engine, not its API server), and every span with one below it.
  let serverCount = 0
  const serverBelow = new Array<number>(n).fill(0)
  for (let i = 0; i < n; i++) {
    if (ix.isForeignServer(i)) {
      serverCount++
      let p = ix.parent[i] as number
      for (let guard = 0; p >= 0 && guard < n && serverBelow[p] === 0; guard++) {
        serverBelow[p] = 1
        p = ix.parent[p] as number
      }
    }
  }
  const { clientI, clientIsProbe } = findClient(ix, serverBelow, serverCount)
  const gatewayI = findGatewayEntry(ix, clientI, serverBelow, serverCount)
  const parts =
    gatewayI < 0
      ? { steps: [], upstream: [], downstream: [], upstreamNamesEngine: false }
      : findGatewayParts(ix, gatewayI, clientI, engine, engineSpans)

  let engineInUpstream = parts.upstreamNamesEngine
  const engineI = engine === null ? -1 : ix.indexOf(engine)
  if (engineI >= 0 && !engineInUpstream) {
    for (const u of parts.upstream) {
      if (ix.isAncestor(ix.indexOf(u), engineI)) {
        engineInUpstream = true
        break
      }
    }
  }
  return {
    engine,
    engineSpans,
    frontend,
    gateway: gatewayI < 0 ? null : (spans[gatewayI] as Span),
    steps: parts.steps,
    upstream: parts.upstream,
    downstream: parts.downstream,
    engineInUpstream,
    client: clientI < 0 ? null : (spans[clientI] as Span),
    clientIsProbe,
    index: ix,
  }
}
