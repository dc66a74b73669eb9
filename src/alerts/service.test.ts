import { parseSloSettings } from '../config/slo.js'
import { describe, expect, it } from 'vitest'
import type { Logger } from '../core/logger.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import type { SpanStore } from '../storage/span-store.js'
import { createSloService } from './service.js'
import { createMemorySloStore } from '../storage/memory/slo-store.js'

function collectingLogger(): Logger & { errors: string[] } {
  const errors: string[] = []
  const drop = (): void => {}
  return { errors, debug: drop, info: drop, warn: drop, error: (msg) => errors.push(msg) }
}

describe('the SLO service loop', () => {
  it('runs on its own timer and sends store failures to the logger, not the event loop', async () => {
    const inner = createMemoryStore()
    const store: SpanStore = {
      ...inner,
      scanRequests() {
        throw new Error('disk on fire')
      },
    }
    const logger = collectingLogger()
    let nowMs = Date.UTC(2025, 0, 1)
    const service = await createSloService({
      store,
      sloStore: createMemorySloStore(),
      settings: parseSloSettings({
        slo: {
          tiers: [{ name: 't', objectives: ['ttft p99 < 1s'] }],
          evaluation: { interval: '5ms', settle: '0s' },
        },
        alerts: { rules: [{ name: 'r', tier: 't', objective: 'ttft_p99' }] },
      }),
      logger,
      now: () => (nowMs += 60_000),
    })
    service.start()
    await new Promise((r) => setTimeout(r, 80))
    await service.stop()
    expect(logger.errors).toContain('SLO evaluation failed')
    expect(logger.errors).toContain('slow-request sampling failed')
    const count = logger.errors.length
    await new Promise((r) => setTimeout(r, 30))
    // Stopped: no more passes.
    expect(logger.errors.length).toBe(count)
  })
})
