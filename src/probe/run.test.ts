import { describe, expect, it } from 'vitest'
import { runLoad, type RunClock } from './run.js'
import type { PlannedRequest } from './request-state.js'
import type { RequestResult } from './types.js'
import { createWorkload } from './workload.js'

/** A virtual clock: sleeping jumps time forward; each request "takes" `serviceMs`. */
function fakeWorld(serviceMs: number) {
  let now = 0
  const clock: RunClock = {
    now: () => now,
    async sleepUntil(atMs) {
      now = Math.max(now, atMs)
    },
  }
  const sent: PlannedRequest[] = []
  const client = {
    async send(p: PlannedRequest): Promise<RequestResult> {
      sent.push(p)
      await Promise.resolve()
      return {
        error: null,
        text: 'ok',
        marks: { scheduledAtMs: p.scheduledAtMs, sentAtMs: now, endAtMs: now + serviceMs },
      } as RequestResult
    },
    close() {},
  }
  return { clock, client, sent }
}

const workload = (turns = 1) =>
  createWorkload({
    model: 'm',
    api: 'chat',
    inputLen: { kind: 'fixed', n: 4 },
    outputLen: { kind: 'fixed', n: 2 },
    sharedPrefixTokens: 0,
    prefixGroups: 1,
    turns,
    dataset: null,
    seed: 1,
  })

describe('runLoad', () => {
  it('sends open-loop requests at their scheduled times and stops at --requests', async () => {
    const w = fakeWorld(5)
    const out = await runLoad(
      {
        mode: { kind: 'rate', arrivals: { kind: 'constant', ratePerS: 10, seed: 1 } },
        maxRequests: 5,
        durationMs: null,
        drainGraceMs: 0,
      },
      {
        client: w.client,
        workload: workload(),
        body: { model: 'm', api: 'chat' },
        clock: w.clock,
        signal: new AbortController().signal,
      }
    )
    expect(out.results).toHaveLength(5)
    expect(w.sent.map((p) => p.scheduledAtMs)).toEqual([100, 200, 300, 400, 500])
  })

  it('stops scheduling at --duration', async () => {
    const w = fakeWorld(1)
    const out = await runLoad(
      {
        mode: { kind: 'rate', arrivals: { kind: 'constant', ratePerS: 10, seed: 1 } },
        maxRequests: null,
        durationMs: 1000,
        drainGraceMs: 0,
      },
      {
        client: w.client,
        workload: workload(),
        body: { model: 'm', api: 'chat' },
        clock: w.clock,
        signal: new AbortController().signal,
      }
    )
    expect(out.results).toHaveLength(10)
  })

  it('carries the conversation history into later turns', async () => {
    const w = fakeWorld(1)
    await runLoad(
      {
        mode: { kind: 'concurrency', concurrency: 1 },
        maxRequests: 2,
        durationMs: null,
        drainGraceMs: 0,
      },
      {
        client: w.client,
        workload: workload(2),
        body: { model: 'm', api: 'chat' },
        clock: w.clock,
        signal: new AbortController().signal,
      }
    )
    expect(w.sent).toHaveLength(2)
    const second = JSON.parse(w.sent[1]?.body ?? '{}') as { messages: { role: string }[] }
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
  })

  it('stops when the signal aborts', async () => {
    const w = fakeWorld(1)
    const ac = new AbortController()
    ac.abort()
    const out = await runLoad(
      {
        mode: { kind: 'concurrency', concurrency: 3 },
        maxRequests: null,
        durationMs: null,
        drainGraceMs: 0,
      },
      {
        client: w.client,
        workload: workload(),
        body: { model: 'm', api: 'chat' },
        clock: w.clock,
        signal: ac.signal,
      }
    )
    expect(out.results).toHaveLength(0)
  })
})
