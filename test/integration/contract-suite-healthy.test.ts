/**
 * A healthy run of the contract suite (seed 3, `healthy#0`: six replicas, 30 s scrapes, a deploy
 * that is not slower, the diurnal ramp and short ×1.2 bursts), diagnosed whole through the real
 * CLI. A burst near the ramp's peak at the data's end queued the 2 % of requests caught in it;
 * that was answered engine.queue_saturation 0.63 (issue 23). Saturation makes the typical
 * request of the window wait, and here the typical request did not wait at all.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diagnoseDrawn } from '../../bench/contract-suite/diagnose-drawn.js'
import type { Diagnosis } from '../../bench/contract-suite/score.js'

const SEED = 3

let dir: string
let answer: { d: Diagnosis; falseAlarm: boolean; requests: number } | null = null

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-contract-healthy-'))
  const { d, score, requests } = await diagnoseDrawn(SEED, 'healthy', 'healthy#0', dir)
  answer = { d, falseAlarm: score.falseAlarm, requests }
}, 240_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('contract suite, a healthy run with a burst at the ramp peak', () => {
  it('is healthy: a queue only the burst caught is not engine saturation', () => {
    expect(answer).not.toBeNull()
    const { d, falseAlarm, requests } = answer!
    expect(d.requests).toBe(requests)
    expect(falseAlarm).toBe(false)
    expect(d.findings[0]?.cause).toBe('healthy')
    expect(d.findings.find((f) => f.cause === 'engine.queue_saturation')).toBeUndefined()
  })
})
