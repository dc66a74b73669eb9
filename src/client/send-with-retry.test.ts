import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { readErrorMessage, sendWithRetry } from './send-with-retry.js'

type Answer = { status: number; headers?: Record<string, string>; body?: string }

interface Recorded {
  url: string
  bodies: string[]
  close(): Promise<void>
}

/** A real HTTP server on 127.0.0.1 that gives `answers` in order (the last one repeats). */
async function serve(answers: Answer[]): Promise<Recorded> {
  const bodies: string[] = []
  let n = 0
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'))
      const a = answers[Math.min(n++, answers.length - 1)]!
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers })
      res.end(a.body ?? '{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/events`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let current: Recorded | null = null
afterEach(async () => {
  await current?.close()
  current = null
})

describe('sendWithRetry against a real server', () => {
  it('waits the Retry-After of a 429, then re-sends the same body and succeeds', async () => {
    current = await serve([
      { status: 429, headers: { 'retry-after': '1' }, body: '{"message":"busy"}' },
      { status: 200, body: '{"ok":true}' },
    ])
    const started = performance.now()
    const reply = await sendWithRetry(current.url, () => ({ method: 'POST', body: 'payload' }))
    const waitedMs = performance.now() - started
    expect(reply.status).toBe('success')
    expect(reply.attempts).toBe(2)
    expect(await reply.response!.json()).toEqual({ ok: true })
    expect(current.bodies).toEqual(['payload', 'payload'])
    expect(waitedMs).toBeGreaterThanOrEqual(950)
  })

  it('honours 503 too, with the waits it was told (injected sleep)', async () => {
    current = await serve([
      { status: 503, headers: { 'retry-after': '2' } },
      { status: 503, headers: { 'retry-after': '3' } },
      { status: 204, body: '' },
    ])
    const waits: number[] = []
    const reply = await sendWithRetry(current.url, () => ({ method: 'POST', body: 'x' }), {
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    expect(reply.status).toBe('success')
    expect(waits).toEqual([2000, 3000])
  })

  it('gives up instead of sleeping past its deadline, handing back the last answer', async () => {
    current = await serve([
      { status: 429, headers: { 'retry-after': '30' }, body: '{"message":"slow down"}' },
    ])
    const waits: number[] = []
    const reply = await sendWithRetry(current.url, () => ({ method: 'POST', body: 'x' }), {
      deadlineMs: 10_000,
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    expect(reply.status).toBe('failure')
    expect(waits).toEqual([])
    expect(current.bodies).toHaveLength(1)
    expect(reply.response?.status).toBe(429)
    expect(await readErrorMessage(reply.response!)).toBe('slow down')
  })

  it('stops after maxAttempts, backing off exponentially without Retry-After', async () => {
    current = await serve([{ status: 502 }])
    const waits: number[] = []
    const reply = await sendWithRetry(current.url, () => ({ method: 'GET' }), {
      maxAttempts: 4,
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    expect(reply).toMatchObject({ status: 'failure', attempts: 4 })
    expect(waits).toEqual([1000, 1500, 2250])
  })

  it('does not retry a 400, and reads its { error: { message } }', async () => {
    current = await serve([{ status: 400, body: '{"error":{"message":"bad since"}}' }])
    const reply = await sendWithRetry(current.url, () => ({ method: 'GET' }))
    expect(reply).toMatchObject({ status: 'failure', attempts: 1 })
    expect(current.bodies).toHaveLength(1)
    expect(await readErrorMessage(reply.response!)).toBe('bad since')
  })

  it('reports an unreachable server at once, without a response', async () => {
    current = await serve([{ status: 200 }])
    const url = current.url
    await current.close()
    current = null
    const reply = await sendWithRetry(url, () => ({ method: 'GET' }))
    expect(reply.status).toBe('failure')
    expect(reply.response).toBeNull()
    expect(reply.attempts).toBe(1)
  })
})
