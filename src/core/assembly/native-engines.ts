/**
 * Recognises the request spans SGLang and TGI emit of their own accord (no `gen_ai.*`
 * attributes), as read from their tracing code (test/fixtures/engines/SOURCE.md, ADR 0029):
 *
 * ```
 * SGLang  |Bootstrap Room 0x0 ························|   wrapper (INTERNAL, like every span)
 *           |  Req 3f2a9c1e  (rid) ····················|  ← engine request
 *             |Scheduler [TP 0] (host:… | pid:…) ······|  per-thread container
 *               |prefill_waiting|prefill_forward|decode_loop|decode_loop|…
 *
 * TGI     |POST /v1/chat/completions (SERVER) ········|   the engine's API server (frontend)
 *           |chat_completions (queue_time="187ms" …) ··|  ← engine request (handler span)
 *               |validate| |queued|infer|infer|infer|…   one `infer` per batch iteration
 * ```
 */
import { SPAN_KIND, type Span } from '../model/span.js'
import { readString } from './attributes.js'

export type NativeEngine = 'sglang' | 'tgi'

/** `{role} Req {rid[:8]}`: the role is empty outside PD disaggregation, so the name may start with a space. */
const SGLANG_REQUEST_NAME = /(^|\s)Req [0-9a-f]{8}$/
const SGLANG_RID = 'rid'

/** TGI's HTTP handlers (router/src/server.rs `#[instrument]`), named after their functions. */
const TGI_HANDLERS = new Set([
  'chat_completions',
  'completions',
  'generate',
  'generate_stream',
  'compat_generate',
])

/** Timing fields the TGI handler records on its span (Rust `Debug` duration strings). */
const TGI_TOTAL_TIME = 'total_time'
export const TGI_VALIDATION_TIME = 'validation_time'
export const TGI_QUEUE_TIME = 'queue_time'
const TGI_INFERENCE_TIME = 'inference_time'

/**
 * Which engine's request span this is, or `null`. `parent` is the span's parent when it is in
 * the trace: a TGI handler span that failed before recording its timings is still recognised
 * when it sits right below a SERVER span (`Infer::generate_stream`, a same-named inner span,
 * never does) and comes from TGI's router (`code.namespace` `text_generation_router…`, which
 * `tracing-opentelemetry` sets, or the default service name), so a gateway's own
 * `chat_completions` handler span is not taken for one.
 */
export function nativeEngineOf(span: Span, parent?: Span): NativeEngine | null {
  if (SGLANG_REQUEST_NAME.test(span.name) && readString(span.attributes, SGLANG_RID) !== null) {
    return 'sglang'
  }
  if (span.kind !== SPAN_KIND.INTERNAL || !TGI_HANDLERS.has(span.name)) {
    return null
  }
  if (
    parseRustDurationUs(span.attributes[TGI_TOTAL_TIME]) !== null ||
    parseRustDurationUs(span.attributes[TGI_INFERENCE_TIME]) !== null ||
    (parent?.kind === SPAN_KIND.SERVER && isTgiRouter(span))
  ) {
    return 'tgi'
  }
  return null
}

function isTgiRouter(span: Span): boolean {
  const ns = readString(span.attributes, 'code.namespace')
  const service = readString(span.resource, 'service.name')
  return (
    (ns !== null && ns.startsWith('text_generation_router')) ||
    (service !== null && service.startsWith('text-generation-inference'))
  )
}

const RUST_DURATION = /^(\d+(?:\.\d+)?)(ns|µs|μs|us|ms|s)$/
const US_PER_UNIT: Record<string, number> = {
  ns: 0.001,
  µs: 1,
  μs: 1,
  us: 1,
  ms: 1000,
  s: 1_000_000,
}

/**
 * A Rust `Debug`-formatted `std::time::Duration` (`"187.011642ms"`, `"2.418127331s"`,
 * `"180µs"`, `"950ns"`) in µs, rounded; `null` for anything else.
 */
export function parseRustDurationUs(value: unknown): number | null {
  if (typeof value !== 'string') {
    return null
  }
  const m = RUST_DURATION.exec(value.trim())
  if (m === null) {
    return null
  }
  const n = Number(m[1]) * (US_PER_UNIT[m[2] as string] as number)
  return Number.isFinite(n) ? Math.round(n) : null
}
