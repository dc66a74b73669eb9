/**
 * A root whose requests are also a place's (a canary's replicas, all on one node) explains that
 * place's finding; the chain names the place as where the root's requests run, not as a mechanism
 * the root drives ("version=v2 (new version) → node.degraded → TPOT P99 ×1.4" in the demo).
 */
import { describe, expect, it } from 'vitest'
import type { Finding } from '../../model/diagnosis.js'
import { buildContext } from '../frame/context.js'
import { diagnose } from '../diagnose.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { chainEvidence } from './chain.js'
import { explainAway } from './explain-away.js'

const SLOW = 120_000

describe('the chain through a place the root shares', () => {
  it(
    'names the node as serving the same requests, not as a mechanism',
    () => {
      // v2 runs on r0 and r1, both on node n0.
      const run = generateRun({
        seed: 5,
        minutes: 30,
        perMinute: 160,
        events: true,
        faults: [{ cause: 'version.regression', magnitude: 4, windowShare: 0.5 }],
      })
      const input = inputOfRun(run)
      const { diagnosis } = diagnose(input)
      const version = diagnosis.findings.find((f) => f.cause === 'version.regression')!
      const node = diagnosis.findings.find((f) => f.cause === 'node.degraded')!
      expect(node.scope).toEqual({ dimension: 'node', value: 'n0' })
      expect(node.evidence.map((e) => e.text)).toContain(
        'explained by version.regression (version=v2), which holds the same slow requests'
      )
      // Sized per token, where no stage stands between the root and the place.
      const root: Finding = {
        ...version,
        evidence: [{ metric: 'tpot.p99_impact', observed: 2, baseline: 1, text: '' }],
      }
      const chain = chainEvidence(buildContext(input), root, node)!
      expect(chain.text).toMatch(
        /^chain: version=v2 \(new version\) → its replicas slow \(node=n0 serves the same requests\) → TPOT P99 /
      )
    },
    SLOW
  )

  it(
    'goes through a reported mechanism, else the place, and never names a mechanism too weak to report',
    () => {
      const run = generateRun({
        seed: 5,
        minutes: 30,
        perMinute: 160,
        events: true,
        faults: [{ cause: 'version.regression', magnitude: 4, windowShare: 0.5 }],
      })
      const input = inputOfRun(run)
      const ctx = buildContext(input)
      const { diagnosis } = diagnose(input)
      const version = diagnosis.findings.find((f) => f.cause === 'version.regression')!
      const node = diagnosis.findings.find((f) => f.cause === 'node.degraded')!
      // A queue finding the version drives in the graph, at a confidence of its own.
      const queue = (confidence: number): Finding => ({
        cause: 'engine.queue_saturation',
        confidence,
        scope: { dimension: null, value: null },
        window: null,
        evidence: [],
        actions: [],
      })
      // Sized per token, where no stage stands between the root and the mechanism.
      const root = (): Finding => ({
        ...version,
        evidence: [{ metric: 'tpot.p99_impact', observed: 2, baseline: 1, text: '' }],
      })
      const chainOf = (findings: Finding[]): string =>
        findings[0]!.evidence.find((e) => e.metric === 'chain')!.text

      const weakWithPlace = [root(), { ...node, evidence: [] }, queue(0.1)]
      explainAway(ctx, weakWithPlace)
      expect(chainOf(weakWithPlace)).toMatch(
        /^chain: version=v2 \(new version\) → its replicas slow \(node=n0 serves the same requests\) → TPOT P99 /
      )

      const weakAlone = [root(), queue(0.1)]
      explainAway(ctx, weakAlone)
      expect(chainOf(weakAlone)).toMatch(
        /^chain: version=v2 \(new version\) → its replicas slow → TPOT P99 /
      )

      const reported = [root(), { ...node, evidence: [] }, queue(0.6)]
      explainAway(ctx, reported)
      expect(chainOf(reported)).toMatch(
        /^chain: version=v2 \(new version\) → engine\.queue_saturation → TPOT P99 /
      )
    },
    SLOW
  )
})
