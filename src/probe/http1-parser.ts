/**
 * An incremental HTTP/1.1 response parser for the probe's streaming path: status line, headers,
 * then a body framed by `Transfer-Encoding: chunked`, by `Content-Length`, or by the connection's
 * end. Body bytes are handed on as views of the read buffers (no copy).
 *
 * Written here rather than taken from a library: Node's own client (llhttp behind `http.request`
 * and its stream layers) and undici (llhttp in WebAssembly) were both measured side by side with
 * this reader on the same streams (docs/probe.md, ADR 0106), and this is the one whose per-chunk
 * cost fits the probe's 500-stream budget. It parses responses only, to a POST the probe wrote
 * itself, so it needs none of what a general client does (requests, pipelining, upgrades).
 *
 * Malformed input never throws out of `push`: the parser moves to a failed state and reports one
 * `Http1ParseError` through `onError`; bytes after that are ignored.
 */

export interface Http1Head {
  status: number
  /** Lower-cased names; repeated headers joined with `, `. */
  headers: Map<string, string>
  /** HTTP/1.0, or `Connection: close`: the connection cannot carry another request. */
  closeAfter: boolean
}

export interface Http1Handlers {
  onHead(head: Http1Head): void
  onBody(bytes: Buffer): void
  /** The response is complete; the connection can be reused unless `head.closeAfter`. */
  onEnd(): void
  onError(err: Http1ParseError): void
}

/** `malformed`: bytes that are not a valid response; the others: the connection ended early. */
export type Http1ParseErrorKind = 'malformed' | 'closed-before-response' | 'closed-mid-response'

export class Http1ParseError extends Error {
  readonly code = 'HTTP_PARSE'
  readonly kind: Http1ParseErrorKind

  constructor(message: string, kind: Http1ParseErrorKind) {
    super(message)
    this.kind = kind
  }
}

/** Longest status line + headers accepted (Node's default `maxHeaderSize` is 16 KB). */
const MAX_HEAD_BYTES = 64 * 1024
/** Longest chunk-size line (size, extensions) or trailer section accepted. */
const MAX_LINE_BYTES = 8 * 1024

const enum State {
  Head,
  ChunkSize,
  ChunkData,
  ChunkDataEnd,
  Trailers,
  Length,
  UntilClose,
  Done,
  Failed,
}

const CR = 13
const LF = 10

export class Http1ResponseParser {
  #state = State.Head
  /** Bytes of an unfinished line (head, chunk size, trailers) carried over from earlier reads. */
  #carry: Buffer | null = null
  #remaining = 0
  readonly #handlers: Http1Handlers
  /** Whether the request was HEAD-like (no body expected whatever the headers say). */
  readonly #noBody: boolean

  constructor(handlers: Http1Handlers, options: { noBody?: boolean } = {}) {
    this.#handlers = handlers
    this.#noBody = options.noBody === true
  }

  /** Whether the parser has reported the end of the response. */
  get done(): boolean {
    return this.#state === State.Done
  }

  get failed(): boolean {
    return this.#state === State.Failed
  }

  /** Whether any part of a response (a byte of the head) arrived. */
  get started(): boolean {
    return this.#state !== State.Head || this.#carry !== null
  }

  /** Feeds one socket read. */
  push(data: Buffer): void {
    let buf = data
    let i = 0
    if (this.#carry !== null) {
      buf = Buffer.concat([this.#carry, data])
      this.#carry = null
    }
    while (i < buf.length) {
      switch (this.#state) {
        case State.Head: {
          const end = headEnd(buf, i)
          if (end === null) {
            return this.#keep(buf, i, MAX_HEAD_BYTES, 'response head')
          }
          const head = parseHead(buf.toString('latin1', i, end.at))
          if (typeof head === 'string') {
            return this.#fail(head)
          }
          i = end.next
          if (head.status >= 100 && head.status < 200) {
            // an interim response (100 Continue, 103 Early Hints): the real one follows
            if (head.status === 101) {
              return this.#fail(
                'the server switched protocols (101), which the probe never asks for'
              )
            }
            continue
          }
          this.#handlers.onHead(head)
          if ((this.#state as State) === State.Failed) {
            return
          }
          const framing = bodyFraming(head, this.#noBody)
          if (typeof framing === 'object') {
            return this.#fail(framing.error)
          }
          if (framing === 'none') {
            this.#finish()
            return this.#afterEnd(buf, i)
          }
          if (framing === 'chunked') {
            this.#state = State.ChunkSize
          } else if (framing === 'close') {
            this.#state = State.UntilClose
          } else {
            this.#remaining = framing
            this.#state = State.Length
          }
          break
        }
        case State.ChunkSize: {
          const end = buf.indexOf(LF, i)
          if (end === -1) {
            return this.#keep(buf, i, MAX_LINE_BYTES, 'chunk size line')
          }
          const size = parseChunkSize(buf, i, end)
          if (size < 0) {
            return this.#fail(
              `bad chunk size line ${JSON.stringify(buf.toString('latin1', i, Math.min(end, i + 40)))}`
            )
          }
          i = end + 1
          if (size === 0) {
            this.#state = State.Trailers
          } else {
            this.#remaining = size
            this.#state = State.ChunkData
          }
          break
        }
        case State.ChunkData: {
          const take = Math.min(this.#remaining, buf.length - i)
          this.#remaining -= take
          const bytes = buf.subarray(i, i + take)
          i += take
          if (this.#remaining === 0) {
            this.#state = State.ChunkDataEnd
          }
          this.#handlers.onBody(bytes)
          break
        }
        case State.ChunkDataEnd: {
          // CRLF after the chunk's data (a bare LF is tolerated, as llhttp does in lenient mode)
          if (buf[i] === CR) {
            if (i + 1 >= buf.length) {
              return this.#keep(buf, i, MAX_LINE_BYTES, 'chunk end')
            }
            if (buf[i + 1] !== LF) {
              return this.#fail('chunk data not followed by CRLF')
            }
            i += 2
          } else if (buf[i] === LF) {
            i += 1
          } else {
            return this.#fail('chunk data longer than its declared size')
          }
          this.#state = State.ChunkSize
          break
        }
        case State.Trailers: {
          // trailer fields, each ending in CRLF, then an empty line; their content is ignored
          const end = buf.indexOf(LF, i)
          if (end === -1) {
            return this.#keep(buf, i, MAX_LINE_BYTES, 'trailer section')
          }
          const empty = end === i || (end === i + 1 && buf[i] === CR)
          i = end + 1
          if (empty) {
            this.#finish()
            return this.#afterEnd(buf, i)
          }
          break
        }
        case State.Length: {
          const take = Math.min(this.#remaining, buf.length - i)
          this.#remaining -= take
          const bytes = buf.subarray(i, i + take)
          i += take
          this.#handlers.onBody(bytes)
          if (this.#remaining === 0 && this.#state === State.Length) {
            this.#finish()
            return this.#afterEnd(buf, i)
          }
          break
        }
        case State.UntilClose: {
          this.#handlers.onBody(i === 0 ? buf : buf.subarray(i))
          return
        }
        case State.Done:
          return this.#afterEnd(buf, i)
        case State.Failed:
          return
      }
    }
  }

  /**
   * The connection ended (end of stream or close). Ends a body that runs until the close;
   * anything else unfinished is an error (`closed mid-response`, or before any response).
   */
  end(): void {
    if (this.#state === State.UntilClose) {
      this.#finish()
    } else if (this.#state !== State.Done && this.#state !== State.Failed) {
      if (this.started) {
        this.#fail('the connection closed mid-response', 'closed-mid-response')
      } else {
        this.#fail('the connection closed before any response', 'closed-before-response')
      }
    }
  }

  #keep(buf: Buffer, from: number, limit: number, what: string): void {
    if (buf.length - from > limit) {
      this.#fail(`${what} longer than ${limit} bytes`)
      return
    }
    // copy: the read buffer may be a view into a larger one that should not stay alive
    this.#carry = Buffer.from(buf.subarray(from))
  }

  #finish(): void {
    this.#state = State.Done
    this.#carry = null
    this.#handlers.onEnd()
  }

  #afterEnd(buf: Buffer, i: number): void {
    if (i < buf.length && this.#state === State.Done) {
      this.#fail('bytes after the end of the response')
    }
  }

  #fail(message: string, kind: Http1ParseErrorKind = 'malformed'): void {
    this.#state = State.Failed
    this.#carry = null
    const text = kind === 'malformed' ? `malformed HTTP response: ${message}` : message
    this.#handlers.onError(new Http1ParseError(text, kind))
  }
}

const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: .*)?$/

/**
 * Where the head starting at `from` ends: `at` is the line feed that ends its last line, `next`
 * the first byte after the empty line; null while the empty line has not arrived. Lines may end
 * in a bare LF as well as CRLF (RFC 9112 §2.2 lets a recipient accept that, and Node's client
 * did).
 */
function headEnd(buf: Buffer, from: number): { at: number; next: number } | null {
  let lf = buf.indexOf(LF, from)
  while (lf !== -1) {
    const after = lf + 1
    if (after >= buf.length || (buf[after] === CR && after + 1 >= buf.length)) {
      return null
    }
    if (buf[after] === LF) {
      return { at: lf, next: after + 1 }
    }
    if (buf[after] === CR && buf[after + 1] === LF) {
      return { at: lf, next: after + 2 }
    }
    lf = buf.indexOf(LF, after)
  }
  return null
}

/** Parses status line and header fields, or returns why they are malformed. */
function parseHead(text: string): Http1Head | string {
  const lines = (text.endsWith('\r') ? text.slice(0, -1) : text).split(/\r?\n/)
  const statusLine = lines[0] ?? ''
  const m = STATUS_LINE.exec(statusLine)
  if (m === null) {
    return `bad status line ${JSON.stringify(statusLine.slice(0, 60))}`
  }
  const headers = new Map<string, string>()
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k] as string
    const colon = line.indexOf(':')
    if (colon <= 0 || line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9) {
      return `bad header line ${JSON.stringify(line.slice(0, 60))}`
    }
    const name = line.slice(0, colon).toLowerCase()
    if (!/^[!#$%&'*+\-.^_`|~0-9a-z]+$/.test(name)) {
      return `bad header name ${JSON.stringify(name.slice(0, 60))}`
    }
    const value = line.slice(colon + 1).trim()
    const prev = headers.get(name)
    headers.set(name, prev === undefined ? value : `${prev}, ${value}`)
  }
  const connection = (headers.get('connection') ?? '').toLowerCase()
  const closeAfter =
    m[1] === '0'
      ? !/(^|,)\s*keep-alive\s*(,|$)/.test(connection)
      : /(^|,)\s*close\s*(,|$)/.test(connection)
  return { status: Number(m[2]), headers, closeAfter }
}

/** How the body is delimited, or why that cannot be told. */
function bodyFraming(
  head: Http1Head,
  noBody: boolean
): 'none' | 'chunked' | 'close' | number | { error: string } {
  if (noBody || head.status === 204 || head.status === 304) {
    return 'none'
  }
  const te = head.headers.get('transfer-encoding')
  if (te !== undefined) {
    const codings = te
      .toLowerCase()
      .split(',')
      .map((c) => c.trim())
    if (codings[codings.length - 1] === 'chunked') {
      return 'chunked'
    }
    // a transfer coding that does not end in chunked: the body runs until the close (RFC 9112 6.3)
    head.closeAfter = true
    return 'close'
  }
  const cl = head.headers.get('content-length')
  if (cl !== undefined) {
    // repeated identical values are allowed (RFC 9112 6.3 step 5)
    const values = new Set(cl.split(',').map((v) => v.trim()))
    const only = values.size === 1 ? [...values][0] : undefined
    if (only === undefined || !/^\d{1,15}$/.test(only)) {
      return { error: `bad content-length ${JSON.stringify(cl.slice(0, 40))}` }
    }
    const n = Number(only)
    return n === 0 ? 'none' : n
  }
  head.closeAfter = true
  return 'close'
}

/** Hex chunk size before any `;extension` and the line end, or −1 when malformed. */
function parseChunkSize(buf: Buffer, from: number, lf: number): number {
  let end = lf
  if (end > from && buf[end - 1] === CR) {
    end--
  }
  let size = 0
  let digits = 0
  let k = from
  for (; k < end; k++) {
    const c = buf[k] as number
    const v =
      c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1
    if (v === -1) {
      break
    }
    if (++digits > 12) {
      return -1
    }
    size = size * 16 + v
  }
  if (digits === 0) {
    return -1
  }
  // whitespace before an extension is tolerated (RFC 9112 7.1.1 BWS); anything else must be `;`
  while (k < end && (buf[k] === 32 || buf[k] === 9)) {
    k++
  }
  if (k < end && buf[k] !== 59) {
    return -1
  }
  for (let j = k; j < end; j++) {
    if (buf[j] === CR || buf[j] === LF) {
      return -1
    }
  }
  return size
}
