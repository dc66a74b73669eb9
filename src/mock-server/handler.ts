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

function notFound(send: CompletionContext['send'], res: Out, method: string, path: string): void {
  send(
    res,
    404,
    'application/json',
    JSON.stringify({
      object: 'error',
      message: `no route ${method} ${path}`,
      type: 'NotFoundError',
      code: 404,
    })
  )
}

/** The request handler shared by the HTTP/1.1 and HTTP/2 (compat API) servers. */
export function createRequestHandler(deps: HandlerDeps): (req: Req, res: Res) => void {
  const send = (res: Out, status: number, type: string, body: string): void => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }
  const ctx: CompletionContext = {
    deps,
    rng: createSeededRandom(deps.seed),
    writeLog: new Map(),
    send,
  }
  const routes: MockRoute[] = [
    {
      method: 'GET',
      path: '/v1/models',
      handle: (_req, res) => send(res, 200, 'application/json', modelsBody(deps.model)),
    },
    {
      method: 'GET',
      path: '/metrics',
      handle: (_req, res) =>
        send(
          res,
          200,
          'text/plain; version=0.0.4; charset=utf-8',
          deps.metrics.render(deps.engine.stats())
        ),
    },
    { method: 'GET', path: '/health', handle: (_req, res) => send(res, 200, 'text/plain', '') },
    { method: 'GET', path: '/ping', handle: (_req, res) => send(res, 200, 'text/plain', '') },
    {
      method: 'POST',
      path: '/v1/chat/completions',
      handle: (req, res, raw) => readJson(req, res, raw, true),
    },
    {
      method: 'POST',
      path: '/v1/completions',
      handle: (req, res, raw) => readJson(req, res, raw, false),
    },
  ]
  if (deps.stampTokens) {
    routes.push({
      method: 'GET',
      path: '/debug/write-times',
      handle: (_req, res) => {
        // hands over and forgets what was recorded, so a long run does not grow without bound
        const body = JSON.stringify({
          clock: 'CLOCK_MONOTONIC ms',
          requests: Object.fromEntries(ctx.writeLog),
        })
        ctx.writeLog.clear()
        send(res, 200, 'application/json', body)
      },
    })
  }
  const table = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.handle]))

  function readJson(req: Req, res: Out, raw: Res, isChat: boolean): void {
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
      serveCompletion(ctx, req, res, raw, body, isChat)
    })
  }

  return function handleMockRequest(req: Req, response: Res): void {
    const res = response as unknown as Out
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const handle = table.get(`${req.method ?? ''} ${path}`)
    if (handle === undefined) {
      notFound(send, res, req.method ?? '', path)
      return
    }
    handle(req, res, response)
  }
}

function modelsBody(model: string): string {
  return JSON.stringify({
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
}
