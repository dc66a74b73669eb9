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

describe('createAdmission with the writer busy time', () => {
  it('admits what the writer commits in maxDelayMs while the writer idled between slow bodies', () => {
    // Bodies arrive slowly (each read and decoded for 400 ms, one at a time) and the writer
    // commits each in 40 ms: it idles 90 % of the time. Per ms some body was in flight that is
    // 250 bytes/ms, a window of 250 KB: the old rule refused the third 100 KB body in flight.
    let t = 0
    let writerMs = 0
    const options = { maxInFlightBytes: 1e9, maxDelayMs: 1000, now: () => t }
    const byArrival = createAdmission(options)
    const byWriter = createAdmission({ ...options, writerBusyMs: () => writerMs })
    for (let i = 0; i < 30; i++) {
      const answers = [byArrival.admit(100_000), byWriter.admit(100_000)]
      t += 400
      writerMs += 40
      answers.forEach((done) => done())
    }
    const refused = (a: ReturnType<typeof createAdmission>): number => {
      const admitted: (() => void)[] = []
      let n = 0
      for (let i = 0; i < 20; i++) {
        try {
          admitted.push(a.admit(100_000))
        } catch {
          n++
        }
      }
      admitted.forEach((done) => done())
      return n
    }
    // The old window refuses 17 of 20 while the writer sits idle; the writer commits 2,500 bytes
    // per busy ms, so 2.5 MB (all 20 bodies, 2 MB) are answered within maxDelayMs.
    expect(refused(byArrival)).toBeGreaterThan(10)
    expect(refused(byWriter)).toBe(0)
    expect(byWriter.windowBytes()).toBeGreaterThanOrEqual(2_000_000)
  })

  it('still refuses what the writer cannot commit within maxDelayMs', () => {
    let t = 0
    let writerMs = 0
    const a = createAdmission({
      maxInFlightBytes: 1e9,
      maxDelayMs: 1000,
      now: () => t,
      writerBusyMs: () => writerMs,
    })
    // The writer is busy all the time and commits 1,000 bytes per ms: 1 MB within maxDelayMs.
    for (let i = 0; i < 10; i++) {
      const done = a.admit(100_000)
      t += 100
      writerMs += 100
      done()
    }
    a.admit(600_000)
    a.admit(300_000)
    const err = refusalOf(() => a.admit(200_000))
    expect(err.reason).toBe('admission-window')
    expect(err.message).toContain('limit ingest.maxQueueDelayMs 1000 ms')
  })
})
