/**
 * The contract suite's always-slower node at the end of the data (`standing.slow_node#0` of seed
 * 149: two of three replicas on a node 1.6× slower for the whole run, a traffic ramp and short
 * ×1.2 bursts, 60 s scrapes), diagnosed whole through the real CLI. The slow node's replicas queue
 * now and then all run; over the last 180 s, the busiest minutes of the ramp, their queue runs
 * away (the slowest replica's median wait 15–21 s) while the third replica's median wait stays 0.
 * The end-of-data finding of ADR 0260 read that as engine.queue_saturation 0.40; the queue is the
 * standing condition's cost (ADRs 0279 and 0353): healthy, the node listed.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diagnoseDrawn } from '../../bench/contract-suite/diagnose-drawn.js'
import type { Diagnosis } from '../../bench/contract-suite/score.js'

const SEED = 149

/** The findings' evidence lines, which the suite's score does not read. */
type WithEvidence = Diagnosis & { findings: { evidence: { text: string }[] }[] }

let dir: string
let answer: { d: WithEvidence; falseAlarm: boolean; listed: boolean } | null = null

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-contract-standing-node-'))
  const { d, score } = await diagnoseDrawn<WithEvidence>(
    SEED,
    'standing.slow_node',
    'standing.slow_node#0',
    dir
  )
  answer = { d, falseAlarm: score.falseAlarm, listed: score.standing === true }
}, 480_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('contract suite, an always-slower node whose queue runs away at the end of the data', () => {
  it('is healthy with the node listed as standing, and says why the end is not an incident', () => {
    expect(answer).not.toBeNull()
    expect(answer!.falseAlarm).toBe(false)
    expect(answer!.listed).toBe(true)
    expect(answer!.d.findings[0]?.cause).toBe('healthy')
    expect(answer!.d.findings.find((f) => f.cause === 'engine.queue_saturation')).toBeUndefined()
    expect(answer!.d.findings[0]!.evidence.map((e) => e.text)).toContainEqual(
      expect.stringMatching(
        /to the end of the data engine\.queue grew .* node=gpu-node-1's, as slow through the whole window/
      )
    )
  })
})
