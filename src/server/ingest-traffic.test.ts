import { describe, expect, it } from 'vitest'
import { createRecordingLogger } from './testing/test-deps.js'
import { createIngestTraffic } from './ingest-traffic.js'

describe('createIngestTraffic', () => {
  it('logs refusals and clients that gave up once per interval, as rates, and counts them for health', () => {
    const logger = createRecordingLogger()
    let t = 0
    const traffic = createIngestTraffic({ logger, now: () => t, intervalMs: 0 })
    for (let i = 0; i < 300; i++) {
      traffic.refused('INGEST_OVERLOADED', 'http', i < 200 ? 'admission-window' : 'standing-delay')
    }
    traffic.refused('INGEST_MEMORY_LIMITED', 'grpc', 'memory')
    traffic.clientGaveUp('http')
    traffic.clientGaveUp('grpc')
    t = 10_000
    traffic.report()
    expect(logger.lines).toHaveLength(2)
    expect(logger.lines[0]).toMatchObject({
      level: 'warn',
      fields: {
        seconds: 10,
        refused: 301,
        per_s: 30.1,
        by_reason: { 'http:INGEST_OVERLOADED': 300, 'grpc:INGEST_MEMORY_LIMITED': 1 },
      },
    })
    expect(logger.lines[1]).toMatchObject({
      fields: { clients: 2, per_s: 0.2, by_protocol: { http: 1, grpc: 1 } },
    })
    // A quiet interval logs nothing; the totals stay.
    t = 20_000
    traffic.report()
    expect(logger.lines).toHaveLength(2)
    expect(traffic.counters()).toEqual({
      refused: { INGEST_OVERLOADED: 300, INGEST_MEMORY_LIMITED: 1 },
      refusedByReason: { 'admission-window': 200, 'standing-delay': 100, memory: 1 },
      clientsGaveUp: 2,
    })
  })
})
