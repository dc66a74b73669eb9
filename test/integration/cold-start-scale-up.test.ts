/**
 * The simulator's cold-start scenario (seed 7, 16 minutes): a scale-up adds two replicas on one
 * node, both cold from the same second. The slow requests in their first minutes split about
 * evenly (51 % and 49 %): the cold start is the scale-up's, not one replica's, and the node that
 * hosts both is slow because of their first minutes, not degraded (ADR 0385). Before, the record
 * named the replica with a few more of the slow requests, its chain measured the other one, and
 * the node, explained away through the named replica's requests only, stood second at 0.81.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIN_CONFIDENCE } from '../../src/core/diagnosis/thresholds.js'
import { simulateToDirectory } from '../../src/sim/node/write-files.js'

const run = promisify(execFile)

interface Body {
  findings: {
    cause: string
    confidence: number
    scope: { dimension: string | null; value: string | null }
    evidence: { text: string }[]
  }[]
}

let dir: string
let body: Body

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-cold-scale-up-'))
  await simulateToDirectory({
    scenario: 'replica-cold-start',
    seed: 7,
    durationMs: 16 * 60_000,
    outDir: join(dir, 'sim'),
  })
  const { stdout } = await run(
    'node',
    ['--import', 'tsx', 'src/cli/main.ts', 'diagnose', join(dir, 'sim'), '--format', 'json'],
    { maxBuffer: 64 << 20 }
  )
  body = JSON.parse(stdout) as Body
}, 300_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('a scale-up’s two young replicas on one node', () => {
  it('names the cold start over the set the scale-up added, not one of its replicas', () => {
    expect(body.findings[0]).toMatchObject({
      cause: 'replica.cold_start',
      scope: { dimension: null, value: null },
    })
    const texts = body.findings[0]!.evidence.map((e) => e.text)
    expect(texts.some((t) => /spread over 2 of them alike.*all run on node/.test(t))).toBe(true)
  })

  it('measures in its chain a replica of that set, not another than the one its scope names', () => {
    const chain = body.findings[0]!.evidence.find((e) => e.text.startsWith('chain: '))
    expect(chain?.text).toMatch(/^chain: young replica → /)
  })

  it('explains away the node that hosts both by their first minutes', () => {
    const node = body.findings.find((f) => f.cause === 'node.degraded')
    expect(node?.confidence ?? 0).toBeLessThan(MIN_CONFIDENCE)
  })
})
