import { randomBytes } from 'node:crypto'
import type http from 'node:http'
import http2 from 'node:http2'
import { performance } from 'node:perf_hooks'
import { buildEngineSpan } from './engine-span.js'
import type { JobTimes } from './engine.js'
import {
  countWords,
  monotonicMs,
  type HandlerDeps,
  type Out,
  type Req,
  type Res,
  type ServerWrites,
} from './deps.js'

const WORDS = ['the', 'model', 'streams', 'a', 'token', 'every', 'step', 'while', 'queue', 'waits']

/** What one completion needs from the handler that routed it. */
export interface CompletionContext {
  deps: HandlerDeps
  rng: () => number
  /** Per trace id, what was written when (`/debug/write-times`). */
  writeLog: Map<string, ServerWrites>
  send: (res: Out, status: number, type: string, body: string) => void
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

/**
 * Serves one `/v1/chat/completions` or `/v1/completions` request: streamed (SSE) or whole, through
 * the mock engine, with the misbehaviours switched on, and exports its engine span when it ends.
 */
export function serveCompletion(
  ctx: CompletionContext,
  req: Req,
  res: Out,
  raw: Res,
  body: Record<string, unknown>,
  isChat: boolean
): void {
  const { deps, rng, writeLog, send } = ctx
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
