import { createParser, type EventSourceParser } from 'eventsource-parser'

/** Readers holding bytes that arrived but are not parsed yet (see `SseReader.defer`). */
const deferred = new Set<SseReader>()
let drainScheduled = false

function drainDeferred(): void {
  drainScheduled = false
  for (const reader of deferred) {
    reader.flush()
  }
}

/**
 * Reads an OpenAI-style SSE stream and timestamps what matters: first event, first token of any
 * kind, every content chunk, usage, and whether the stream finished properly.
 */
export class SseReader {
  firstEventAtMs: number | null = null
  firstAnyTokenAtMs: number | null = null
  /** Last `data:` event other than `[DONE]` (the usage chunk included). */
  lastEventAtMs: number | null = null
  readonly contentArrivalsAtMs: number[] = []
  /** Every event whose `choices` is non-empty (role-only and finish chunks too): vLLM's view. */
  readonly choiceArrivalsAtMs: number[] = []
  events = 0
  inputTokens: number | null = null
  outputTokens: number | null = null
  /** `[DONE]` or a `finish_reason` was seen. */
  finished = false
  /** An event whose data was not JSON. */
  malformedEvents = 0
  text = ''
  readonly #keepText: boolean
  readonly #parser: EventSourceParser
  readonly #decoder = new TextDecoder()
  #chunkAtMs = 0
  readonly #pending: { chunk: Uint8Array; atMs: number }[] = []

  constructor(options: { keepText: boolean }) {
    this.#keepText = options.keepText
    this.#parser = createParser({ onEvent: (ev) => this.#onData(ev.data) })
  }

  /** Feeds a body chunk that arrived at `atMs`; every event completed by it gets that time. */
  feed(chunk: Uint8Array, atMs: number): void {
    this.#chunkAtMs = atMs
    this.#parser.feed(this.#decoder.decode(chunk, { stream: true }))
  }

  /**
   * Keeps a chunk and its arrival time and parses it after the event loop has read every socket
   * that is ready (`setImmediate` runs after the poll phase). When hundreds of streams deliver a
   * token at once, each socket then costs only its read and a clock reading before the next one
   * is timestamped, instead of also its SSE and JSON parsing. Call `flush()` before reading.
   */
  defer(chunk: Uint8Array, atMs: number): void {
    this.#pending.push({ chunk, atMs })
    deferred.add(this)
    if (!drainScheduled) {
      drainScheduled = true
      setImmediate(drainDeferred)
    }
  }

  /** Parses every deferred chunk, in arrival order. */
  flush(): void {
    deferred.delete(this)
    for (const { chunk, atMs } of this.#pending.splice(0)) {
      this.feed(chunk, atMs)
    }
  }

  #onData(data: string): void {
    const t = this.#chunkAtMs
    this.events++
    this.firstEventAtMs ??= t
    if (data === '[DONE]') {
      this.finished = true
      return
    }
    this.lastEventAtMs = t
    let obj: unknown
    try {
      obj = JSON.parse(data)
    } catch {
      this.malformedEvents++
      return
    }
    if (typeof obj !== 'object' || obj === null) {
      this.malformedEvents++
      return
    }
    const o = obj as {
      choices?: {
        text?: unknown
        finish_reason?: unknown
        delta?: {
          content?: unknown
          reasoning_content?: unknown
          reasoning?: unknown
          tool_calls?: unknown
        }
      }[]
      usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null
    }
    const choice = Array.isArray(o.choices) ? o.choices[0] : undefined
    if (choice !== undefined) {
      this.choiceArrivalsAtMs.push(t)
      const delta = choice.delta
      const content = delta !== undefined ? delta.content : choice.text
      if (typeof content === 'string' && content.length > 0) {
        this.contentArrivalsAtMs.push(t)
        this.firstAnyTokenAtMs ??= t
        if (this.#keepText) {
          this.text += content
        }
      } else if (
        delta !== undefined &&
        (isNonEmptyString(delta.reasoning_content) ||
          isNonEmptyString(delta.reasoning) ||
          (Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0))
      ) {
        this.firstAnyTokenAtMs ??= t
      }
      if (typeof choice.finish_reason === 'string' && choice.finish_reason.length > 0) {
        this.finished = true
      }
    }
    if (o.usage !== undefined && o.usage !== null) {
      if (typeof o.usage.prompt_tokens === 'number') {
        this.inputTokens = o.usage.prompt_tokens
      }
      if (typeof o.usage.completion_tokens === 'number') {
        this.outputTokens = o.usage.completion_tokens
      }
    }
  }
}

function isNonEmptyString(v: unknown): boolean {
  return typeof v === 'string' && v.length > 0
}
