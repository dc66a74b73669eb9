import { performance } from 'node:perf_hooks'
import { createParser, type EventSourceParser } from 'eventsource-parser'

/** Readers holding bytes that arrived but are not parsed yet (see `SseReader.defer`). */
const deferred = new Set<SseReader>()
let drainScheduled = false

/**
 * Longest stretch of deferred parsing before the loop goes back to reading sockets, ms. A chunk
 * that arrives while parsing runs is stamped only when the loop polls again, so after a burst
 * (or after the process waited for a core and found hundreds of sockets ready) parsing the whole
 * backlog in one go made every newer arrival late by all of it. A slice costs one more loop
 * iteration (tens of µs), so 0.25 ms keeps that overhead near 10 %.
 */
const PARSE_SLICE_MS = 0.25

function scheduleDrain(): void {
  if (!drainScheduled) {
    drainScheduled = true
    setImmediate(drainDeferred)
  }
}

function drainDeferred(): void {
  drainScheduled = false
  const until = performance.now() + PARSE_SLICE_MS
  // flush() removes the reader from the set; deleting the current entry keeps the iteration valid
  for (const reader of deferred) {
    reader.flush()
    if (performance.now() > until) {
      break
    }
  }
  if (deferred.size > 0) {
    scheduleDrain()
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
  // chunks not parsed yet and their arrival times (two arrays: no object per chunk)
  readonly #pendingChunks: Uint8Array[] = []
  readonly #pendingAtMs: number[] = []

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
   * that is ready (`setImmediate` runs after the poll phase), at most {@link PARSE_SLICE_MS} at a
   * time. When hundreds of streams deliver a token at once, each socket then costs only its read
   * and a clock reading before the next one is timestamped, instead of also its SSE and JSON
   * parsing. Call `flush()` before reading.
   */
  defer(chunk: Uint8Array, atMs: number): void {
    this.#pendingChunks.push(chunk)
    this.#pendingAtMs.push(atMs)
    deferred.add(this)
    scheduleDrain()
  }

  /** Parses every deferred chunk, in arrival order. */
  flush(): void {
    deferred.delete(this)
    const chunks = this.#pendingChunks
    const times = this.#pendingAtMs
    for (let i = 0; i < chunks.length; i++) {
      this.feed(chunks[i] as Uint8Array, times[i] as number)
    }
    chunks.length = 0
    times.length = 0
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
