/**
 * A healthy run of the contract suite (seed 3, `healthy#0`: six replicas, 30 s scrapes, a deploy
 * that is not slower, the diurnal ramp and short ×1.2 bursts), diagnosed whole through the real
 * CLI. A burst near the ramp's peak at the data's end queued the 2 % of requests caught in it;
 * that was answered engine.queue_saturation 0.63 (issue 23). Saturation makes the typical
 * request of the window wait, and here the typical request did not wait at all.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drawSuite, writeScenario } from '../../bench/contract-suite/generate.js'
import { type Diagnosis, scoreRun } from '../../bench/contract-suite/score.js'

const run = promisify(execFile)
const BIN = join(process.cwd(), 'bin/tokenline.js')
const SEED = 3

let dir: string
let answer: { d: Diagnosis; falseAlarm: boolean; requests: number } | null = null

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-contract-healthy-'))
  const s = drawSuite(SEED, 2, ['healthy']).find((x) => x.id === 'healthy#0')
  if (s === undefined) {
    throw new Error('healthy#0 is not drawn by the suite')
  }
  const { path, requests } = writeScenario(s, dir, SEED)
  const { stdout } = await run('node', [BIN, 'diagnose', path, '--format', 'json'], {
    maxBuffer: 64 << 20,
  })
  const d = JSON.parse(stdout) as Diagnosis
  answer = { d, falseAlarm: scoreRun(s, d, requests).falseAlarm, requests }
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
