import { describe, expect, it } from 'vitest'
import { AppError } from '../../core/errors.js'
import { createAdmission } from './admission.js'

function refusalOf(fn: () => unknown): AppError {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    return err as AppError
  }
  throw new Error('expected a refusal')
}

describe('createAdmission', () => {
  it('bounds the bytes in flight but always admits one request', () => {
    const a = createAdmission({ maxInFlightBytes: 1000, maxDelayMs: 1e9, now: () => 0 })
    const big = a.admit(5000)
    const err = refusalOf(() => a.admit(10))
    expect(err.code).toBe('INGEST_OVERLOADED')
    expect(err.message).toContain('ingest.maxInFlightBytes')
    big()
    big() // a second release is ignored
    expect(a.inFlight()).toEqual({ requests: 0, bytes: 0 })
    a.admit(600)
    a.admit(400)
    expect(() => a.admit(1)).toThrow(AppError)
  })

  it('refuses when the bodies in flight would take longer than maxDelayMs at the measured rate', () => {
    let t = 0
    const a = createAdmission({ maxInFlightBytes: 1e12, maxDelayMs: 1000, now: () => t })
    // 1000 bytes answered per 1 ms of busy time: 1 MB/s.
    for (let i = 0; i < 10; i++) {
      const done = a.admit(100_000)
      t += 100
      done()
    }
    // An idle minute does not lower the rate: only busy time counts.
    t += 60_000
    const first = a.admit(600_000)
    a.admit(300_000)
    const err = refusalOf(() => a.admit(200_000))
    expect(err.message).toContain('limit ingest.maxQueueDelayMs 1000 ms')
    expect(err.retryAfterSeconds).toBe(1)
    first()
    expect(() => a.admit(200_000)).not.toThrow()
  })
})
