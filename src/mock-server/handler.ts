import { randomBytes } from 'node:crypto'
import type http from 'node:http'
import http2 from 'node:http2'
import { performance } from 'node:perf_hooks'
import { createSeededRandom } from '../core/stats/seeded-random.js'
import type { OtlpJsonSpan } from '../core/otlp/encode-json.js'
import { buildEngineSpan } from './engine-span.js'
import type { JobTimes, MockEngine } from './engine.js'
import type { MockMetrics } from './metrics.js'
import type { Misbehaviour } from './misbehave.js'

type Req = http.IncomingMessage | http2.Http2ServerRequest
type Res = http.ServerResponse | http2.Http2ServerResponse
/** The part of both response APIs the handler uses (the union itself is not callable). */
interface Out {
  writeHead(status: number, headers: Record<string, string | number>): unknown
  write(chunk: string, cb?: () => void): unknown
  end(chunk?: string): unknown
  on(event: 'close', listener: () => void): unknown
}

const MAX_BODY_BYTES = 8 * 1024 * 1024
const WORDS = ['the', 'model', 'streams', 'a', 'token', 'every', 'step', 'while', 'queue', 'waits']

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
type WriteLog = Map<string, ServerWrites>

/** Counts prompt "tokens" as whitespace-separated words (the probe's synthetic prompts agree). */
export function countWords(text: string): number {
  const t = text.trim()
  return t === '' ? 0 : t.split(/\s+/).length
}

function promptText(body: Record<string, unknown>): string {
  if (Array.isArray(body.messages)) {
    return body.messages
      .map((m: unknown) => {
        const c = typeof m === 'object' && m !== null ? (m as { content?: unknown }).content : ''
        return typeof c === 'string'
          ? c
          : Array.isArray(c)
            ? c.map((p: unknown) => String((p as { text?: unknown }).text ?? '')).join(' ')
            : ''
      })
      .join(' ')
  }
  return typeof body.prompt === 'string'
    ? body.prompt
    : Array.isArray(body.prompt)
      ? body.prompt.join(' ')
      : ''
}

/** The request handler shared by the HTTP/1.1 and HTTP/2 (compat API) servers. */
export function createRequestHandler(deps: HandlerDeps): (req: Req, res: Res) => void {
  const rng = createSeededRandom(deps.seed)
  const writeLog: WriteLog = new Map()
  const send = (res: Out, status: number, type: string, body: string): void => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }
  return function handleMockRequest(req: Req, response: Res): void {
    const res = response as unknown as Out
    const path = (req.url ?? '/').split('?')[0]
    if (req.method === 'GET' && path === '/v1/models') {
      send(
        res,
        200,
        'application/json',
        JSON.stringify({
          object: 'list',
          data: [
            {
              id: deps.model,
              object: 'model',
              created: 0,
              owned_by: 'tokenline-mock',
              max_model_len: 32768,
            },
          ],
        })
      )
      return
    }
    if (req.method === 'GET' && path === '/metrics') {
      send(
        res,
        200,
        'text/plain; version=0.0.4; charset=utf-8',
        deps.metrics.render(deps.engine.stats())
      )
      return
    }
    if (req.method === 'GET' && path === '/debug/write-times' && deps.stampTokens) {
      // hands over and forgets what was recorded, so a long run does not grow without bound
      const body = JSON.stringify({
        clock: 'CLOCK_MONOTONIC ms',
        requests: Object.fromEntries(writeLog),
      })
      writeLog.clear()
      send(res, 200, 'application/json', body)
      return
    }
    if (req.method === 'GET' && (path === '/health' || path === '/ping')) {
      send(res, 200, 'text/plain', '')
      return
    }
    const isChat = path === '/v1/chat/completions'
    if (req.method !== 'POST' || (!isChat && path !== '/v1/completions')) {
      send(
        res,
        404,
        'application/json',
        JSON.stringify({
          object: 'error',
          message: `no route ${req.method} ${path}`,
          type: 'NotFoundError',
          code: 404,
        })
      )
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size <= MAX_BODY_BYTES) {
        chunks.push(c)
      }
    })
    req.on('end', () => {
      let body: Record<string, unknown>
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
      } catch {
        send(
          res,
          400,
          'application/json',
          JSON.stringify({
            object: 'error',
            message: 'body is not JSON',
            type: 'BadRequestError',
            code: 400,
          })
        )
        return
      }
      serveCompletion(req, res, response, body, isChat)
    })
  }

  function serveCompletion(
    req: Req,
    res: Out,
    raw: Res,
    body: Record<string, unknown>,
    isChat: boolean
  ): void {
    const mb = deps.misbehave
    const faulty = mb.fraction >= 1 || rng() < mb.fraction
    if (faulty && mb.neverAnswer === true) {
      return
    }
    if (faulty && mb.http500 === true) {
      send(
        res,
        500,
        'application/json',
        JSON.stringify({
          object: 'error',
          message: 'EngineCore encountered an issue.',
          type: 'InternalServerError',
          param: null,
          code: 500,
        })
      )
      return
    }
    if (faulty && mb.nonSse === true) {
      send(res, 200, 'text/html', '<html><body>upstream says hello</body></html>')
      return
    }
    const stream = body.stream === true
    const includeUsage =
      typeof body.stream_options === 'object' &&
      body.stream_options !== null &&
      (body.stream_options as { include_usage?: unknown }).include_usage === true
    const maxTokensRaw = body.max_tokens ?? body.max_completion_tokens
    const outputTokens =
      typeof maxTokensRaw === 'number' && maxTokensRaw > 0
        ? Math.floor(maxTokensRaw)
        : deps.defaultOutputTokens
    const promptTokens = countWords(promptText(body))
    const id = `${isChat ? 'chatcmpl' : 'cmpl'}-${randomBytes(12).toString('hex')}`
    const created = Math.floor(Date.now() / 1000)
    const object = isChat ? 'chat.completion.chunk' : 'text_completion'
    const cutAfter = faulty ? mb.cutStreamAfter : undefined
    const traceparent =
      typeof req.headers.traceparent === 'string' ? req.headers.traceparent : undefined
    const traceId = traceparent?.split('-')[1]
    let writes: ServerWrites | null = null
    if (deps.stampTokens && stream && traceId !== undefined) {
      writes = { receivedMs: monotonicMs(), firstWriteMs: null, contentWritesMs: [] }
      writeLog.set(traceId, writes)
    }
    let text = ''
    let emitted = 0
    let done = false
    let pending = ''
    let flushTimer: NodeJS.Timeout | null = null
    const write = (data: string, onWritten?: () => void): void => {
      if (faulty && mb.bufferStreamMs !== undefined) {
        pending += data
        flushTimer ??= setInterval(() => {
          if (pending !== '') {
            res.write(pending)
            pending = ''
          }
        }, mb.bufferStreamMs)
        return
      }
      res.write(data, onWritten)
    }
    const sse = (obj: unknown, onWritten?: () => void): void =>
      write(`data: ${JSON.stringify(obj)}\n\n`, onWritten)
    const choice = (content: string | null, finish: string | null): unknown =>
      isChat
        ? {
            index: 0,
            delta: content === null ? {} : { content },
            logprobs: null,
            finish_reason: finish,
          }
        : { index: 0, text: content ?? '', logprobs: null, finish_reason: finish }
    const cut = (): void => {
      done = true
      if ('stream' in req && req.stream !== undefined && 'close' in req.stream) {
        req.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR)
      } else {
        ;(raw as http.ServerResponse).socket?.destroy()
      }
    }
    if (stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      const log = writes
      const onHeadWritten =
        log === null
          ? undefined
          : () => {
              log.firstWriteMs = monotonicMs()
            }
      if (isChat) {
        sse(
          {
            id,
            object,
            created,
            model: deps.model,
            choices: [
              {
                index: 0,
                delta: { role: 'assistant', content: '' },
                logprobs: null,
                finish_reason: null,
              },
            ],
          },
          onHeadWritten
        )
      }
    }
    const finishSpan = (times: JobTimes, aborted: boolean): void => {
      deps.exportSpan(
        buildEngineSpan({
          traceparent,
          requestId: id,
          model: deps.model,
          maxTokens: outputTokens,
          promptTokens,
          completionTokens: emitted,
          temperature: typeof body.temperature === 'number' ? body.temperature : null,
          times,
          aborted,
        })
      )
    }
    const arrivedAtMs = performance.now()
    const cancel = deps.engine.submit({
      inputTokens: promptTokens,
      outputTokens,
      onToken(index) {
        if (done) {
          return
        }
        const token = deps.stampTokens
          ? `@${(performance.timeOrigin + performance.now()).toFixed(3)} `
          : `${index === 0 ? '' : ' '}${WORDS[index % WORDS.length]}`
        emitted++
        if (stream) {
          const log = writes
          const chunk = { id, object, created, model: deps.model, choices: [choice(token, null)] }
          const socket = 'stream' in raw ? null : (raw as http.ServerResponse).socket
          if (log !== null && socket !== null && !(faulty && mb.bufferStreamMs !== undefined)) {
            // Node corks a chunked response until the next tick, and the write callback comes a
            // tick after the write: when one engine step writes to hundreds of streams, every
            // callback ran after the last stream's write. Uncorking sends it now, so the time
            // read right after is when this chunk was handed to the kernel.
            sse(chunk)
            socket.uncork()
            if (socket.writableLength === 0) {
              log.contentWritesMs.push(monotonicMs())
            } else {
              // the kernel did not take it all: the callback says when it did
              socket.write('', () => log.contentWritesMs.push(monotonicMs()))
            }
          } else {
            // The write callback runs once the chunk was handed to the kernel.
            sse(chunk, log === null ? undefined : () => log.contentWritesMs.push(monotonicMs()))
          }
          if (cutAfter !== undefined && emitted >= cutAfter) {
            if (flushTimer !== null && pending !== '') {
              res.write(pending)
              pending = ''
            }
            cut()
          }
        } else {
          text += token
        }
      },
      onFinish(times) {
        deps.metrics.observe(
          'vllm:time_to_first_token_seconds',
          (times.firstTokenAtMs - times.arrivedAtMs) / 1000
        )
        deps.metrics.observe(
          'vllm:e2e_request_latency_seconds',
          (times.finishedAtMs - times.arrivedAtMs) / 1000
        )
        deps.metrics.observe(
          'vllm:request_queue_time_seconds',
          (times.admittedAtMs - times.arrivedAtMs) / 1000
        )
        deps.metrics.observe(
          'vllm:request_prefill_time_seconds',
          (times.firstTokenAtMs - times.admittedAtMs) / 1000
        )
        deps.metrics.observe(
          'vllm:request_decode_time_seconds',
          (times.finishedAtMs - times.firstTokenAtMs) / 1000
        )
        if (emitted > 1) {
          deps.metrics.observe(
            'vllm:inter_token_latency_seconds',
            (times.finishedAtMs - times.firstTokenAtMs) / 1000 / (emitted - 1)
          )
        }
        deps.metrics.addTokens(promptTokens, emitted)
        deps.metrics.requestFinished('length')
        finishSpan(times, false)
        if (done) {
          return
        }
        done = true
        const usage = {
          prompt_tokens: promptTokens,
          completion_tokens: emitted,
          total_tokens: promptTokens + emitted,
        }
        if (stream) {
          sse({
            id,
            object,
            created,
            model: deps.model,
            choices: [choice(isChat ? null : '', 'length')],
          })
          if (includeUsage) {
            sse({ id, object, created, model: deps.model, choices: [], usage })
          }
          write('data: [DONE]\n\n')
          const end = (): void => {
            if (flushTimer !== null) {
              clearInterval(flushTimer)
              res.write(pending)
              pending = ''
            }
            res.end()
          }
          if (flushTimer !== null) {
            setTimeout(end, mb.bufferStreamMs ?? 0)
          } else {
            end()
          }
        } else {
          send(
            res,
            200,
            'application/json',
            JSON.stringify(
              isChat
                ? {
                    id,
                    object: 'chat.completion',
                    created,
                    model: deps.model,
                    choices: [
                      {
                        index: 0,
                        message: { role: 'assistant', content: text },
                        finish_reason: 'length',
                      },
                    ],
                    usage,
                  }
                : {
                    id,
                    object: 'text_completion',
                    created,
                    model: deps.model,
                    choices: [{ index: 0, text, finish_reason: 'length' }],
                    usage,
                  }
            )
          )
        }
      },
    })
    res.on('close', () => {
      if (flushTimer !== null) {
        clearInterval(flushTimer)
      }
      if (!done) {
        done = true
        cancel()
        deps.metrics.requestFinished('abort')
        const now = performance.now()
        finishSpan({ arrivedAtMs, admittedAtMs: now, firstTokenAtMs: now, finishedAtMs: now }, true)
      }
    })
  }
}
