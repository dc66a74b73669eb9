/**
 * Parent links, depths and role flags of the spans of one trace, by index. Built once per trace
 * and shared by every role finder (`roles-*.ts`).
 */
import { SPAN_KIND, type Span } from '../model/span.js'
import { readString } from './attributes.js'
import { nativeEngineOf } from './native-engines.js'
import {
  ATTR_HOST_NAME,
  ATTR_PREFIX_GEN_AI_LATENCY,
  ATTR_SERVICE_INSTANCE_ID,
  ATTR_VLLM_PROCESS_ID,
  SPAN_NAME_LLM_REQUEST,
} from '../otlp/semconv.js'

/**
 * Whether the span is an engine span: named `llm_request`, carrying a `gen_ai.latency.*`
 * attribute, or SGLang's / TGI's own request span (`native-engines.ts`; `parent` helps with
 * TGI's handler span when it recorded no timings).
 */
export function isEngineSpan(span: Span, parent?: Span): boolean {
  return (
    span.name === SPAN_NAME_LLM_REQUEST ||
    hasLatencyAttrs(span) ||
    nativeEngineOf(span, parent) !== null
  )
}

export function hasLatencyAttrs(span: Span): boolean {
  for (const key in span.attributes) {
    if (key.startsWith(ATTR_PREFIX_GEN_AI_LATENCY)) {
      return true
    }
  }
  return false
}

/**
 * The process that emitted a span, from its resource: `service.instance.id`, else
 * `host.name` + `vllm.process_id`, else the whole resource (one tracer provider, one resource);
 * `null` for an empty resource.
 */
export function processKey(span: Span): string | null {
  const id = readString(span.resource, ATTR_SERVICE_INSTANCE_ID)
  if (id !== null) {
    return `id:${id}`
  }
  const host = readString(span.resource, ATTR_HOST_NAME)
  const pid = readString(span.resource, ATTR_VLLM_PROCESS_ID)
  if (host !== null && pid !== null) {
    return `pid:${host}:${pid}`
  }
  const keys = Object.keys(span.resource).sort()
  return keys.length === 0 ? null : `res:${JSON.stringify(keys.map((k) => [k, span.resource[k]]))}`
}

/** Below this many spans, parent links are found by scanning (cheaper than building a Map). */
const SCAN_LIMIT = 24

/** Parent and depth of every span, by index; -1 = no parent in the trace. */
export class TraceIndex {
  readonly spans: readonly Span[]
  // Plain arrays: for the handful of spans of a typical trace they allocate faster than typed arrays.
  readonly parent: number[]
  readonly depth: number[]
  /** 1 for engine spans. */
  readonly engine: number[]
  /** 1 for SERVER spans of the engine's own API server (set by the engine role finder). */
  readonly frontend: number[]
  #positions: Map<Span, number> | null = null

  constructor(spans: readonly Span[]) {
    const n = spans.length
    this.spans = spans
    this.parent = new Array<number>(n).fill(-1)
    this.depth = new Array<number>(n).fill(0)
    this.engine = new Array<number>(n).fill(0)
    this.frontend = new Array<number>(n).fill(0)
    if (n <= SCAN_LIMIT) {
      for (let i = 0; i < n; i++) {
        const pid = (spans[i] as Span).parentSpanId
        if (pid !== null) {
          for (let j = 0; j < n; j++) {
            if (j !== i && (spans[j] as Span).spanId === pid) {
              this.parent[i] = j
              break
            }
          }
        }
      }
    } else {
      const byId = new Map<string, number>()
      for (let i = 0; i < n; i++) {
        byId.set((spans[i] as Span).spanId, i)
      }
      for (let i = 0; i < n; i++) {
        const pid = (spans[i] as Span).parentSpanId
        const j = pid === null ? undefined : byId.get(pid)
        if (j !== undefined && j !== i) {
          this.parent[i] = j
        }
      }
    }
    for (let i = 0; i < n; i++) {
      let d = 0
      // Bounded by the span count so a parent cycle in bad data cannot loop forever.
      for (let p = this.parent[i] as number; p >= 0 && d < n; p = this.parent[p] as number) {
        d++
      }
      this.depth[i] = d
      const p = this.parent[i] as number
      this.engine[i] = isEngineSpan(spans[i] as Span, p < 0 ? undefined : spans[p]) ? 1 : 0
    }
  }

  indexOf(span: Span): number {
    const n = this.spans.length
    if (n <= SCAN_LIMIT) {
      return this.spans.indexOf(span)
    }
    if (this.#positions === null) {
      this.#positions = new Map()
      for (let i = 0; i < n; i++) {
        this.#positions.set(this.spans[i] as Span, i)
      }
    }
    return this.#positions.get(span) ?? -1
  }

  /** Whether span `a` is outside span `b`: smaller depth, then earlier start. */
  isOuter(a: number, b: number): boolean {
    const da = this.depth[a] as number
    const db = this.depth[b] as number
    return (
      da < db || (da === db && (this.spans[a] as Span).startUs < (this.spans[b] as Span).startUs)
    )
  }

  isAncestor(ancestor: number, of: number): boolean {
    const n = this.spans.length
    let p = this.parent[of] as number
    for (let guard = 0; p >= 0 && guard < n; guard++) {
      if (p === ancestor) {
        return true
      }
      p = this.parent[p] as number
    }
    return false
  }

  /** Depth of a span of this trace (0 = root or orphan). */
  depthOf(span: Span): number {
    const i = this.indexOf(span)
    return i < 0 ? 0 : (this.depth[i] as number)
  }

  /** The parent span when it is part of the trace. */
  parentOf(span: Span): Span | undefined {
    const i = this.indexOf(span)
    const p = i < 0 ? -1 : (this.parent[i] as number)
    return p < 0 ? undefined : this.spans[p]
  }

  hasServerAbove(i: number): boolean {
    const n = this.spans.length
    let p = this.parent[i] as number
    for (let guard = 0; p >= 0 && guard < n; guard++) {
      if (this.isForeignServer(p)) {
        return true
      }
      p = this.parent[p] as number
    }
    return false
  }

  /** A SERVER span of another service: neither an engine span nor the engine's API server. */
  isForeignServer(i: number): boolean {
    return (
      (this.spans[i] as Span).kind === SPAN_KIND.SERVER &&
      this.engine[i] === 0 &&
      this.frontend[i] === 0
    )
  }
}

/**
 * An index kept for the life of the process and never read. V8's optimised code for the role
 * finders and `assembleTrace` checks for the hidden class a `TraceIndex` ends its constructor
 * with, and that class lives only while some index does: a full collection that finds none (any
 * collection between assembly batches, and the one before each stage of the ingest-cost bench)
 * frees it, throws that code away ("weak objects" in `--trace-deopt`) and leaves the next batch
 * to run unoptimised while it compiles again (ADRs 0426, 0431). Holding one keeps the class, as
 * the trace reader holds one protobufjs reader (ADR 0428). One index cannot be reused across
 * traces instead: `classifySpans` returns the index it built.
 */
export const KEPT_TRACE_INDEX: TraceIndex = new TraceIndex([])
