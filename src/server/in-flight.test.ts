import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createInFlight } from './in-flight.js'

describe('in-flight requests', () => {
  it('is quiet once the requests being answered have gone, or after the longest wait', async () => {
    const inFlight = createInFlight()
    const app = new Hono()
    app.use('*', inFlight.middleware)
    let release = (): void => undefined
    const held = new Promise<void>((r) => (release = r))
    app.get('/slow', async (c) => {
      await held
      return c.text('done')
    })
    app.get('/stuck', () => new Promise<Response>(() => undefined))
    let quietAt: string | null = null
    await inFlight.quiet(10_000).then(() => (quietAt = 'idle'))
    expect(quietAt).toBe('idle')

    const answer = app.request('/slow')
    await new Promise((r) => setTimeout(r, 20))
    let quiet = false
    const waited = inFlight.quiet(60_000).then(() => (quiet = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(quiet).toBe(false)
    release()
    expect(await (await answer).text()).toBe('done')
    await waited
    expect(quiet).toBe(true)

    // A request that never ends does not hold the wait beyond its bound.
    void app.request('/stuck')
    await new Promise((r) => setTimeout(r, 20))
    const started = Date.now()
    await inFlight.quiet(100)
    expect(Date.now() - started).toBeGreaterThanOrEqual(90)
  })
})
