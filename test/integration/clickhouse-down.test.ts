/**
 * ClickHouse going away and coming back, with the real HTTP client against a loopback stand-in
 * (no ClickHouse server runs here; embedded chdb cannot go away): the stand-in drops connections
 * while "down" and answers inserts like ClickHouse once "up". Inserts are retried with backoff,
 * held within their byte budget, and an insert that cannot be stored is an error, counted and
 * logged, never an acknowledgement.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import { createHttpExecutor } from '../../src/storage/clickhouse/http-executor.js'
import { withInsertRetry } from '../../src/storage/clickhouse/retrying-executor.js'
import { createRecordingLogger } from '../../src/server/testing/test-deps.js'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) {
    await c()
  }
})

/** A stand-in that drops the first `downFor` requests, then stores insert bodies. */
async function standIn(
  downFor: number
): Promise<{ url: string; bodies: string[]; tokens: (string | null)[]; dropped(): number }> {
  const bodies: string[] = []
  const tokens: (string | null)[] = []
  let seen = 0
  let dropped = 0
  const server: Server = createServer((req, res) => {
    seen++
    tokens.push(new URL(req.url ?? '/', 'http://x').searchParams.get('insert_deduplication_token'))
    if (seen <= downFor) {
      dropped++
      req.socket.destroy()
      return
    }
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      bodies.push(body)
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-ClickHouse-Summary': '{}' })
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  )
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    tokens,
    dropped: () => dropped,
  }
}

function executorFor(url: string, options: Parameters<typeof withInsertRetry>[1] = {}) {
  const executor = withInsertRetry(createHttpExecutor({ url, database: 'otel' }), {
    firstBackoffMs: 20,
    maxBackoffMs: 100,
    ...options,
  })
  cleanups.push(() => executor.close())
  return executor
}

describe('ClickHouse down and back', () => {
  it('retries an insert with backoff until the server is back, and stores it', async () => {
    const ch = await standIn(3)
    const logger = createRecordingLogger()
    const executor = executorFor(ch.url, { logger })
    await executor.insertJson('otel_traces', '{"TraceId":"a"}\n')
    expect(ch.dropped()).toBe(3)
    expect(ch.bodies).toEqual(['{"TraceId":"a"}\n'])
    expect(executor.counters()).toMatchObject({ retries: 3, recovered: 1, gaveUp: 0 })
    expect(
      logger.lines.find((l) => l.msg.startsWith('ClickHouse inserts are failing'))
    ).toBeDefined()
  })

  it('sends every attempt of a batch with one deduplication token, another batch with another', async () => {
    const ch = await standIn(2)
    const executor = executorFor(ch.url)
    await executor.insertJson('otel_traces', '{"TraceId":"a"}\n')
    await executor.insertJson('otel_traces', '{"TraceId":"c"}\n')
    expect(ch.tokens).toHaveLength(4)
    const [first, second, third, other] = ch.tokens
    expect(first).toMatch(/^[\w-]{43}$/)
    expect([second, third]).toEqual([first, first])
    expect(other).toMatch(/^[\w-]{43}$/)
    expect(other).not.toBe(first)
  })

  it('gives up after retryForMs with STORE_UNAVAILABLE, counted and logged, storing nothing', async () => {
    const ch = await standIn(1_000_000)
    const logger = createRecordingLogger()
    const executor = executorFor(ch.url, { logger, retryForMs: 400 })
    const err = await executor
      .insertJson('otel_traces', '{"TraceId":"b"}\n')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('STORE_UNAVAILABLE')
    expect((err as AppError).retryAfterSeconds).toBe(5)
    expect((err as AppError).message).toMatch(
      /ClickHouse is unreachable: the insert into otel_traces failed \d+ times/
    )
    expect(ch.bodies).toEqual([])
    expect(executor.counters().gaveUp).toBe(1)
    expect(logger.lines.at(-1)?.fields).toMatchObject({ gaveUp: 1 })
  })

  it('refuses at once an insert past the retry buffer while the server is away', async () => {
    const ch = await standIn(1_000_000)
    const executor = executorFor(ch.url, { retryForMs: 1500, maxPendingBytes: 100 })
    const waiting = executor.insertJson('t', 'x'.repeat(80)).catch((e: unknown) => e)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = performance.now()
    const refused = await executor.insertJson('t', 'y'.repeat(80)).catch((e: unknown) => e)
    expect((refused as AppError).message).toMatch(/already wait for it/)
    // Refused after one failed attempt, not after the retry window.
    expect(performance.now() - started).toBeLessThan(1000)
    expect(executor.counters().refused).toBe(1)
    expect((await waiting) as AppError).toBeInstanceOf(AppError)
  })

  it('does not retry an insert ClickHouse refused for its data', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(400, { 'X-ClickHouse-Exception-Code': '27' })
      res.end('Code: 27. DB::Exception: Cannot parse input')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const executor = executorFor(url)
    const err = await executor.insertJson('t', '{').catch((e: unknown) => e)
    expect((err as AppError).message).toContain('Cannot parse input')
    expect(executor.counters().retries).toBe(0)
  })
})
