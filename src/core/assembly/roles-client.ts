/**
 * The client span of one trace: the probe's, else the outermost GenAI client span made by an
 * application (not from inside a server, unless a server span sits below it: the app's call to
 * the gateway). A GenAI client span carries `gen_ai.operation.name` or, as some hand-written
 * instrumentations do without it, `gen_ai.response.time_to_first_chunk`.
 *
 * ```
 * app server  |POST /ask ·····························|   not the client: has no GenAI attrs
 *   client      |chat gpt-x (gen_ai.operation.name)|     ← client span
 *   gateway       |POST /v1/chat/completions|
 * ```
 */
import { SPAN_KIND, type Span } from '../model/span.js'
import { readString } from './attributes.js'
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK,
  SCOPE_TOKENLINE_PROBE,
} from '../otlp/semconv.js'
import type { TraceIndex } from './trace-index.js'

export interface ClientRole {
  clientI: number
  clientIsProbe: boolean
}

/**
 * `serverBelow[i]` is 1 when a foreign SERVER span lies below span i; `serverCount` counts the
 * foreign SERVER spans of the trace.
 */
export function findClient(
  ix: TraceIndex,
  serverBelow: readonly number[],
  serverCount: number
): ClientRole {
  const { spans } = ix
  const n = spans.length
  let clientI = -1
  for (let i = 0; i < n; i++) {
    const s = spans[i] as Span
    if (s.kind === SPAN_KIND.CLIENT && s.scopeName === SCOPE_TOKENLINE_PROBE) {
      if (clientI < 0 || ix.isOuter(i, clientI)) {
        clientI = i
      }
    }
  }
  if (clientI >= 0) {
    return { clientI, clientIsProbe: true }
  }
  for (let i = 0; i < n; i++) {
    const s = spans[i] as Span
    if (
      s.kind === SPAN_KIND.CLIENT &&
      isGenAiClientCall(s) &&
      (serverBelow[i] === 1 || serverCount === 0 || !ix.hasServerAbove(i)) &&
      (clientI < 0 || ix.isOuter(i, clientI))
    ) {
      clientI = i
    }
  }
  return { clientI, clientIsProbe: false }
}

function isGenAiClientCall(s: Span): boolean {
  return (
    readString(s.attributes, ATTR_GEN_AI_OPERATION_NAME) !== null ||
    s.attributes[ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK] !== undefined
  )
}
