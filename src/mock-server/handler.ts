import { createSeededRandom } from '../core/stats/seeded-random.js'
import { serveCompletion, type CompletionContext } from './completion.js'
import type { HandlerDeps, Out, Req, Res } from './deps.js'

const MAX_BODY_BYTES = 8 * 1024 * 1024

/** One route of the mock server: a method and an exact path. */
interface MockRoute {
  method: 'GET' | 'POST'
  path: string
  handle: (req: Req, res: Out, raw: Res) => void
}

/** The request handler shared by the HTTP/1.1 and HTTP/2 (compat API) servers. */
export function createRequestHandler(deps: HandlerDeps): (req: Req, res: Res) => void {
  const ctx: CompletionContext = {
    deps,
    rng: createSeededRandom(deps.seed),
    writeLog: new Map(),
    send: sendBody,
  }
  const table = new Map(mockRoutes(ctx).map((r) => [`${r.method} ${r.path}`, r.handle]))

  return function handleMockRequest(req: Req, response: Res): void {
    const res = response as unknown as Out
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const handle = table.get(`${req.method ?? ''} ${path}`)
    if (handle === undefined) {
      sendError(res, 404, 'NotFoundError', `no route ${req.method ?? ''} ${path}`)
      return
    }
    handle(req, res, response)
  }
}

/** The route table; `/debug/write-times` only when the server stamps its token writes. */
function mockRoutes(ctx: CompletionContext): MockRoute[] {
  const { deps } = ctx
  const routes: MockRoute[] = [
    { method: 'GET', path: '/v1/models', handle: (_req, res) => serveModels(res, deps.model) },
    { method: 'GET', path: '/metrics', handle: (_req, res) => serveMetrics(res, deps) },
    { method: 'GET', path: '/health', handle: (_req, res) => sendBody(res, 200, 'text/plain', '') },
    { method: 'GET', path: '/ping', handle: (_req, res) => sendBody(res, 200, 'text/plain', '') },
    {
      method: 'POST',
      path: '/v1/chat/completions',
      handle: (req, res, raw) => serveCompletionRequest(ctx, req, res, raw, true),
    },
    {
      method: 'POST',
      path: '/v1/completions',
      handle: (req, res, raw) => serveCompletionRequest(ctx, req, res, raw, false),
    },
  ]
  if (deps.stampTokens) {
    routes.push({
      method: 'GET',
      path: '/debug/write-times',
      handle: (_req, res) => serveWriteTimes(res, ctx),
    })
  }
  return routes
}

function sendBody(res: Out, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/** An error in the shape vLLM's OpenAI server answers with. */
function sendError(res: Out, status: number, type: string, message: string): void {
  sendBody(
    res,
    status,
    'application/json',
    JSON.stringify({ object: 'error', message, type, code: status })
  )
}

function serveModels(res: Out, model: string): void {
  sendBody(
    res,
    200,
    'application/json',
    JSON.stringify({
      object: 'list',
      data: [
        {
          id: model,
          object: 'model',
          created: 0,
          owned_by: 'tokenline-mock',
          max_model_len: 32768,
        },
      ],
    })
  )
}

function serveMetrics(res: Out, deps: HandlerDeps): void {
  sendBody(
    res,
    200,
    'text/plain; version=0.0.4; charset=utf-8',
    deps.metrics.render(deps.engine.stats())
  )
}

function serveWriteTimes(res: Out, ctx: CompletionContext): void {
  // hands over and forgets what was recorded, so a long run does not grow without bound
  const body = JSON.stringify({
    clock: 'CLOCK_MONOTONIC ms',
    requests: Object.fromEntries(ctx.writeLog),
  })
  ctx.writeLog.clear()
  sendBody(res, 200, 'application/json', body)
}

/** Reads the JSON body (bytes past the limit are dropped, not buffered), then serves it. */
function serveCompletionRequest(
  ctx: CompletionContext,
  req: Req,
  res: Out,
  raw: Res,
  isChat: boolean
): void {
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
      sendError(res, 400, 'BadRequestError', 'body is not JSON')
      return
    }
    serveCompletion(ctx, req, res, raw, body, isChat)
  })
}
