/**
 * Engine stages of SGLang and TGI requests, from the stage spans below their request span
 * (`native-engines.ts`), and TGI's own timing fields. A stage covered by several spans (one per
 * decode step, chunked prefill) counts the union of their intervals, so nested or overlapping
 * spans never count twice.
 *
 * ```
 * SGLang  Req ·|tokenize|dispatch|request_process|prefill_waiting|prefill_forward|decode_loop|…|
 *               └─── frontend ──┘ └─────────── queue ───────────┘ └── prefill ──┘└─ decode ─…┘
 *                                                                                ^ first token
 * TGI     chat_completions ·|validate|queued|infer (prefill)|infer|infer|…|
 *                            frontend  queue └── prefill ───┘└── decode ──┘
 *                                                        ^ first send_generation = first token
 * ```
 */
import type { Span } from '../model/span.js'
import type { Micros } from '../model/units.js'
import { asMicros } from '../model/units.js'
import {
  TGI_QUEUE_TIME,
  TGI_VALIDATION_TIME,
  parseRustDurationUs,
  type NativeEngine,
} from './native-engines.js'
import type { TraceIndex } from './trace-index.js'

/** Engine stages and the engine's TTFT (from the request span's start), µs; `null` = not given. */
export interface NativeEngineTimes {
  frontendUs: Micros | null
  queueUs: Micros | null
  prefillUs: Micros | null
  decodeUs: Micros | null
  ttftUs: Micros | null
}

/** SGLang `RequestStage` names (tracing/trace_metric_wrapper.py) by stage. */
const SGLANG_FRONTEND = new Set(['tokenize', 'dispatch', 'dc_dispatch'])
const SGLANG_QUEUE = new Set(['request_process', 'prefill_waiting'])
const SGLANG_PREFILL = new Set(['prefill_forward', 'chunked_prefill'])
const SGLANG_DECODE = new Set(['decode_loop', 'decode_forward'])

/** Reads the stages below a native engine request span; `engine` must be in `ix`. */
export function readNativeStages(
  ix: TraceIndex,
  engine: Span,
  kind: NativeEngine
): NativeEngineTimes {
  const below = descendants(ix, engine)
  return kind === 'sglang' ? sglangStages(engine, below) : tgiStages(engine, below)
}

function sglangStages(engine: Span, below: readonly Span[]): NativeEngineTimes {
  const named = (names: ReadonlySet<string>): Span[] => below.filter((s) => names.has(s.name))
  const prefill = named(SGLANG_PREFILL)
  // The first token comes out of the first full prefill forward (chunks before it yield none).
  const forwards = prefill.filter((s) => s.name === 'prefill_forward')
  const firstEnd = minEnd(forwards.length > 0 ? forwards : prefill)
  return {
    frontendUs: unionUs(named(SGLANG_FRONTEND)),
    queueUs: unionUs(named(SGLANG_QUEUE)),
    prefillUs: unionUs(prefill),
    decodeUs: unionUs(named(SGLANG_DECODE)),
    ttftUs: firstEnd === null ? null : asMicros(Math.max(0, firstEnd - engine.startUs)),
  }
}

function tgiStages(engine: Span, below: readonly Span[]): NativeEngineTimes {
  const attrs = engine.attributes
  const infer = below.filter((s) => s.name === 'infer').sort((a, b) => a.startUs - b.startUs)
  const first = infer[0]
  // The first `infer` span covers the prefill batch; each later one a decode iteration.
  // Without `infer` spans, TGI's `inference_time` field (prefill + decode together) cannot be
  // split, so both stay null and the time shows as engine.unattributed.
  const prefillUs = first === undefined ? null : first.endUs - first.startUs
  const decodeUs = first === undefined ? null : Math.max(0, maxEnd(infer) - first.endUs)
  const sends = below.filter((s) => s.name === 'send_generation')
  const firstToken = sends.length > 0 ? minStart(sends) : first === undefined ? null : first.endUs
  return {
    frontendUs: micros(
      parseRustDurationUs(attrs[TGI_VALIDATION_TIME]) ??
        unionUs(below.filter((s) => s.name === 'validate'))
    ),
    queueUs: micros(
      parseRustDurationUs(attrs[TGI_QUEUE_TIME]) ??
        unionUs(below.filter((s) => s.name === 'queued'))
    ),
    prefillUs: micros(prefillUs),
    decodeUs: micros(decodeUs),
    ttftUs: firstToken === null ? null : asMicros(Math.max(0, firstToken - engine.startUs)),
  }
}

function descendants(ix: TraceIndex, root: Span): Span[] {
  const r = ix.indexOf(root)
  const out: Span[] = []
  for (let i = 0; i < ix.spans.length; i++) {
    if (r >= 0 && ix.isAncestor(r, i)) {
      out.push(ix.spans[i] as Span)
    }
  }
  return out
}

/** Length of the union of the spans' intervals, µs; `null` for no spans. */
function unionUs(spans: readonly Span[]): Micros | null {
  if (spans.length === 0) {
    return null
  }
  const sorted = [...spans].sort((a, b) => a.startUs - b.startUs)
  let total = 0
  let curStart = (sorted[0] as Span).startUs as number
  let curEnd = (sorted[0] as Span).endUs as number
  for (const s of sorted) {
    if (s.startUs > curEnd) {
      total += curEnd - curStart
      curStart = s.startUs
      curEnd = s.endUs
    } else if (s.endUs > curEnd) {
      curEnd = s.endUs
    }
  }
  return asMicros(total + Math.max(0, curEnd - curStart))
}

function minEnd(spans: readonly Span[]): number | null {
  return spans.length === 0 ? null : Math.min(...spans.map((s) => s.endUs))
}

function minStart(spans: readonly Span[]): number {
  return Math.min(...spans.map((s) => s.startUs))
}

function maxEnd(spans: readonly Span[]): number {
  return Math.max(...spans.map((s) => s.endUs))
}

function micros(us: number | null): Micros | null {
  return us === null || us < 0 ? null : asMicros(us)
}
