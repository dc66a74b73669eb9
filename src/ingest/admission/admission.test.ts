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
    expect(err.reason).toBe('in-flight-bytes')
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
    // 0.9 s to drain, and one refusal per 3 admissions in this interval: 1.2 s.
    expect(err.retryAfterSeconds).toBe(2)
    first()
    expect(() => a.admit(200_000)).not.toThrow()
  })

  it('probes past the measured rate while answers come back within maxDelayMs, backs off when late', () => {
    let t = 0
    const a = createAdmission({ maxInFlightBytes: 1e9, maxDelayMs: 1000, now: () => t })
    // 100 bytes per ms of busy time, one body at a time, each answered in time.
    for (let i = 0; i < 6; i++) {
      const done = a.admit(100_000)
      t += 1000
      done()
    }
    expect(a.windowBytes()).toBeGreaterThanOrEqual(100_000)
    const measured = a.windowBytes()
    // Three bodies at a time, using the window, each answered in 900 ms: it grows.
    for (let i = 0; i < 20; i++) {
      const bodies = [a.admit(50_000), a.admit(50_000), a.admit(50_000)]
      t += 900
      bodies.forEach((done) => done())
    }
    const grown = a.windowBytes()
    expect(grown).toBeGreaterThan(measured)
    // Answers now take 3 s: the window shrinks, but not below what the measured rate answers in time.
    const late = a.admit(50_000)
    t += 3000
    late()
    expect(a.windowBytes()).toBeLessThan(grown)
    expect(a.windowBytes()).toBeGreaterThan(0)
  })

  it('spreads retries by how many requests it refuses per admitted one', () => {
    let t = 0
    const a = createAdmission({ maxInFlightBytes: 1000, maxDelayMs: 1000, now: () => t })
    a.admit(1000)
    const first = refusalOf(() => a.admit(10))
    for (let i = 0; i < 50; i++) {
      t += 10
      refusalOf(() => a.admit(10))
    }
    const later = refusalOf(() => a.admit(10))
    expect(first.retryAfterSeconds).toBeLessThanOrEqual(2)
    expect(later.retryAfterSeconds).toBe(5)
  })

  it('keeps a second body admitted when one body alone takes longer than maxDelayMs', () => {
    let t = 0
    const a = createAdmission({ maxInFlightBytes: 1e9, maxDelayMs: 1000, now: () => t })
    for (let i = 0; i < 6; i++) {
      const done = a.admit(100_000)
      t += 1500
      done()
    }
    // 1.5 s alone: the target is 3 s, so one body can wait while another is served.
    a.admit(100_000)
    expect(() => a.admit(100_000)).not.toThrow()
    expect(() => a.admit(100_000)).toThrow(AppError)
  })
})
