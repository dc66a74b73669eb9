import { describe, expect, it } from 'vitest'
import { Http1ResponseParser, type Http1Head } from './http1-parser.js'

interface Outcome {
  head: Http1Head | null
  body: string
  ended: boolean
  error: string | null
  kind: string | null
  /** Callbacks after the first end or error (must stay 0). */
  extra: number
}

/** Feeds `parts` as separate reads, then `end()` when `close` is set. */
function parse(parts: (string | Buffer)[], close = false, noBody = false): Outcome {
  const out: Outcome = {
    head: null,
    body: '',
    ended: false,
    error: null,
    kind: null,
    extra: 0,
  }
  const finished = (): boolean => out.ended || out.error !== null
  const parser = new Http1ResponseParser(
    {
      onHead: (h) => {
        out.head = h
      },
      onBody: (b) => {
        if (finished()) {
          out.extra++
        }
        out.body += b.toString('latin1')
      },
      onEnd: () => {
        if (finished()) {
          out.extra++
        }
        out.ended = true
      },
      onError: (e) => {
        if (finished()) {
          out.extra++
        }
        expect(e.code).toBe('HTTP_PARSE')
        out.error = e.message
        out.kind = e.kind
      },
    },
    { noBody }
  )
  for (const p of parts) {
    parser.push(typeof p === 'string' ? Buffer.from(p, 'latin1') : p)
  }
  if (close) {
    parser.end()
  }
  return out
}

/** Every way of cutting `text` into two reads, and into single bytes. */
function splits(text: string): string[][] {
  const out: string[][] = [[text], [...text]]
  for (let i = 1; i < text.length; i++) {
    out.push([text.slice(0, i), text.slice(i)])
  }
  return out
}

const SSE_HEAD =
  'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n'
const EV1 = 'data: {"a":1}\n\n'
const EV2 = 'data: [DONE]\n\n'
const hex = (s: string): string => Buffer.byteLength(s, 'latin1').toString(16)
const CHUNKED = `${SSE_HEAD}${hex(EV1)}\r\n${EV1}\r\n${hex(EV2)};ext=1;q="x"\r\n${EV2}\r\n0\r\n\r\n`

describe('HTTP/1.1 response parser', () => {
  it('reads a chunked body the same whatever the read boundaries (every byte, every split)', () => {
    for (const parts of splits(CHUNKED)) {
      const o = parse(parts)
      expect(o.error, JSON.stringify(parts.slice(0, 2))).toBeNull()
      expect(o.ended).toBe(true)
      expect(o.body).toBe(EV1 + EV2)
      expect(o.head?.status).toBe(200)
      expect(o.head?.headers.get('content-type')).toBe('text/event-stream')
      expect(o.head?.closeAfter).toBe(false)
      expect(o.extra).toBe(0)
    }
  })

  it('reads a Content-Length body across every split, and ends at its length', () => {
    const text = 'HTTP/1.1 500 Internal Server Error\r\ncontent-length: 11\r\n\r\n{"error":1}'
    for (const parts of splits(text)) {
      const o = parse(parts)
      expect(o.error).toBeNull()
      expect(o.ended).toBe(true)
      expect(o.head?.status).toBe(500)
      expect(o.body).toBe('{"error":1}')
    }
  })

  it('skips chunk extensions and trailer fields', () => {
    const text = `${SSE_HEAD}5;name=value;other\r\nhello\r\n5 ; x\r\nworld\r\n0;end=1\r\nx-trailer: 1\r\nx-other: 2\r\n\r\n`
    for (const parts of splits(text)) {
      const o = parse(parts)
      expect(o.error).toBeNull()
      expect(o.body).toBe('helloworld')
      expect(o.ended).toBe(true)
    }
  })

  it('reads a head whose lines end in a bare LF, or mix LF and CRLF, at every read boundary', () => {
    for (const text of [
      'HTTP/1.1 200 OK\ncontent-type: text/event-stream\ncontent-length: 5\n\nhello',
      'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\ncontent-length: 5\r\n\nhello',
      'HTTP/1.1 200 OK\ncontent-length: 5\n\r\nhello',
    ]) {
      for (const parts of splits(text)) {
        const o = parse(parts)
        expect(o.error).toBeNull()
        expect(o.head?.status).toBe(200)
        expect(o.head?.headers.get('content-length')).toBe('5')
        expect(o.body).toBe('hello')
        expect(o.ended).toBe(true)
      }
    }
  })

  it('accepts upper-case hex sizes and bare LF line ends in the chunk framing', () => {
    const body = 'x'.repeat(0x1a)
    const o = parse([`${SSE_HEAD}1A\n${body}\n0\n\n`])
    expect(o.error).toBeNull()
    expect(o.body).toBe(body)
    expect(o.ended).toBe(true)
  })

  it.each([
    ['not hex', 'zz\r\n'],
    ['empty size', '\r\n'],
    ['negative', '-5\r\n'],
    ['junk after the size', '5x\r\nhello\r\n'],
    ['too many digits', '1000000000000\r\n'],
  ])('rejects a bad chunk size (%s) with a clear error', (_name, chunk) => {
    for (const parts of splits(SSE_HEAD + chunk)) {
      const o = parse(parts, true)
      expect(o.error).toMatch(/^malformed HTTP response: bad chunk size line/)
      expect(o.kind).toBe('malformed')
      expect(o.ended).toBe(false)
      expect(o.extra).toBe(0)
    }
  })

  it('rejects chunk data longer than its declared size', () => {
    const o = parse([`${SSE_HEAD}3\r\nhello\r\n0\r\n\r\n`])
    expect(o.body).toBe('hel')
    expect(o.error).toMatch(/longer than its declared size/)
  })

  it('reports a close mid-body as such, at every point of the body (chunked and length)', () => {
    for (let cut = SSE_HEAD.length; cut < CHUNKED.length; cut++) {
      const o = parse([CHUNKED.slice(0, cut)], true)
      expect(o.ended).toBe(false)
      expect(o.error).toBe('the connection closed mid-response')
      expect(o.kind).toBe('closed-mid-response')
    }
    const o = parse(['HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc'], true)
    expect(o.body).toBe('abc')
    expect(o.error).toMatch(/closed mid-response/)
  })

  it('tells a close before any byte from a close mid-head', () => {
    expect(parse([], true).kind).toBe('closed-before-response')
    expect(parse(['HTTP/1.1 2'], true).kind).toBe('closed-mid-response')
  })

  it('reads a body without length until the close, and marks the connection not reusable', () => {
    const o = parse(['HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n', EV1, EV2], true)
    expect(o.error).toBeNull()
    expect(o.ended).toBe(true)
    expect(o.body).toBe(EV1 + EV2)
    expect(o.head?.closeAfter).toBe(true)
  })

  it('honours Connection: close and HTTP/1.0 keep-alive rules', () => {
    expect(
      parse(['HTTP/1.1 200 OK\r\nConnection: close\r\ncontent-length: 0\r\n\r\n']).head?.closeAfter
    ).toBe(true)
    expect(parse(['HTTP/1.0 200 OK\r\ncontent-length: 0\r\n\r\n']).head?.closeAfter).toBe(true)
    expect(
      parse(['HTTP/1.0 200 OK\r\nconnection: Keep-Alive\r\ncontent-length: 0\r\n\r\n']).head
        ?.closeAfter
    ).toBe(false)
  })

  it('skips interim 1xx responses and ends bodiless statuses at once', () => {
    const o = parse(['HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n'])
    expect(o.head?.status).toBe(204)
    expect(o.ended).toBe(true)
    expect(parse(['HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n'], false, true).ended).toBe(true)
    expect(parse(['HTTP/1.1 101 Switching Protocols\r\n\r\n']).error).toMatch(/101/)
  })

  it.each([
    ['a bad status line', 'HTTP/1.1 OK\r\n\r\n', /bad status line/],
    ['another protocol', 'SSH-2.0-OpenSSH_9.6\r\n\r\n', /bad status line/],
    ['HTTP/2 preface bytes', 'HTTP/2 200\r\n\r\n', /bad status line/],
    ['a header without a colon', 'HTTP/1.1 200 OK\r\nbroken\r\n\r\n', /bad header line/],
    ['folded header', 'HTTP/1.1 200 OK\r\na: 1\r\n b\r\n\r\n', /bad header line/],
    ['a bad header name', 'HTTP/1.1 200 OK\r\nbad name: 1\r\n\r\n', /bad header name/],
    ['a bad length', 'HTTP/1.1 200 OK\r\ncontent-length: 12a\r\n\r\n', /bad content-length/],
    ['two lengths', 'HTTP/1.1 200 OK\r\ncontent-length: 1, 2\r\n\r\nab', /bad content-length/],
  ])('rejects %s', (_name, text, message) => {
    for (const parts of splits(text)) {
      const o = parse(parts, true)
      expect(o.error).toMatch(message)
      expect(o.extra).toBe(0)
    }
  })

  it('accepts a repeated identical Content-Length', () => {
    const o = parse(['HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 2\r\n\r\nab'])
    expect(o.error).toBeNull()
    expect(o.body).toBe('ab')
  })

  it('bounds what it buffers: an endless head or chunk-size line is an error, not a hang', () => {
    const o = parse(['HTTP/1.1 200 OK\r\n', 'x-long: ' + 'a'.repeat(70 * 1024)])
    expect(o.error).toMatch(/response head longer than/)
    const c = parse([SSE_HEAD + '5;' + 'e'.repeat(9 * 1024)])
    expect(c.error).toMatch(/chunk size line longer than/)
  })

  it('rejects bytes after the end of the response and ignores everything after an error', () => {
    expect(parse(['HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\nab']).error).toMatch(/after the end/)
    const o = parse(['HTTP/1.1 200 OK\r\ncontent-length: x\r\n\r\n', 'more', 'bytes'], true)
    expect(o.extra).toBe(0)
  })

  it('hands body bytes on as views of the read, without copying', () => {
    const read = Buffer.from(`${SSE_HEAD}${hex(EV1)}\r\n${EV1}\r\n`, 'latin1')
    let view: Buffer | null = null
    const p = new Http1ResponseParser({
      onHead: () => {},
      onBody: (b) => {
        view = b
      },
      onEnd: () => {},
      onError: () => {},
    })
    p.push(read)
    expect(view !== null && (view as Buffer).buffer === read.buffer).toBe(true)
  })

  it('never throws and always reaches an outcome on mutated and cut responses (seeded)', () => {
    let seed = 42
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const base = Buffer.from(CHUNKED, 'latin1')
    for (let k = 0; k < 3000; k++) {
      const bytes = Buffer.from(base)
      for (let flips = 1 + rand(3); flips > 0; flips--) {
        bytes[rand(bytes.length)] = rand(256)
      }
      const cut = bytes.subarray(0, rand(bytes.length + 1))
      const parts: Buffer[] = []
      for (let i = 0; i < cut.length;) {
        const n = 1 + rand(20)
        parts.push(cut.subarray(i, i + n))
        i += n
      }
      const o = parse(parts, true)
      expect(o.ended || o.error !== null, `case ${k}`).toBe(true)
      // the one case with both: the response ended, then more bytes came
      if (o.ended && o.error !== null) {
        expect(o.error).toMatch(/after the end of the response/)
        expect(o.extra).toBe(1)
      } else {
        expect(o.extra).toBe(0)
      }
    }
  })
})
