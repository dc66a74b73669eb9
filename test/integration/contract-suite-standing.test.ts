/**
 * The contract suite's always-slower replica under the traffic ramp (`standing.slow_replica#0`
 * of seeds 17 and 29: one replica 1.8× slower for the whole run, a ramp and short ×1.2 bursts),
 * diagnosed whole through the real CLI. As the traffic drifts up, the slow replica's load crosses
 * its capacity and its queue runs away (median wait 0 → 26 s on seed 17) while the other
 * replicas' typical request waits 0 before and after; that was answered engine.queue_saturation
 * 0.96 and 0.51. The queue is the standing condition's cost (ADR 0279): healthy, the replica
 * listed.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diagnoseDrawn } from '../../bench/contract-suite/diagnose-drawn.js'
import type { Diagnosis } from '../../bench/contract-suite/score.js'

const SEEDS = [17, 29]

let dir: string
const answers = new Map<number, { d: Diagnosis; falseAlarm: boolean; listed: boolean }>()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-contract-standing-'))
  for (const seed of SEEDS) {
    const { d, score } = await diagnoseDrawn(
      seed,
      'standing.slow_replica',
      'standing.slow_replica#0',
      dir
    )
    answers.set(seed, { d, falseAlarm: score.falseAlarm, listed: score.standing === true })
  }
}, 480_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('contract suite, an always-slower replica under a traffic ramp', () => {
  it.each(SEEDS)('seed %i is healthy with the replica listed as standing', (seed) => {
    const a = answers.get(seed)
    expect(a).toBeDefined()
    expect(a!.falseAlarm).toBe(false)
    expect(a!.listed).toBe(true)
    expect(a!.d.findings[0]?.cause).toBe('healthy')
    expect(a!.d.findings.find((f) => f.cause === 'engine.queue_saturation')).toBeUndefined()
  })
})
