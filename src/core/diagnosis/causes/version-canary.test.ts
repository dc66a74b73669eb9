/**
 * A new version read against the old one in the same steps and prompt lengths (ADR 0325): a weak
 * regression over the last minute is named with moderate confidence; a difference held from the
 * data's start, a version given longer prompts, a version change with no slowdown and a version
 * that lands during a surge every version feels are not.
 */
import { describe, expect, it } from 'vitest'
import type { Finding } from '../../model/diagnosis.js'
import type { RequestTimeline } from '../../model/request.js'
import { asMicros } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { buildContext } from '../frame/context.js'
import { frameFromRequests } from '../frame/frame.js'
import { generateRun, inputOfRun, type FaultSpec } from '../testing/fault-gen.js'
import { canaryReadings } from './version-canary.js'
import { versionRegressionCause } from './version-regression.js'

function run(faults: FaultSpec[], reshape: (r: RequestTimeline) => RequestTimeline = (r) => r) {
  const g = generateRun({ seed: 5, minutes: 30, perMinute: 240, events: true, faults })
  const input = { ...inputOfRun(g), frame: frameFromRequests(g.requests.map(reshape)) }
  return { ctx: buildContext(input), diagnosis: diagnose(input).diagnosis }
}

const versionFinding = (findings: readonly Finding[]): Finding | undefined =>
  findings.find((f) => f.cause === 'version.regression')

/**
 * v2's requests with `k`× the prompt, their prefill and decode as the generator's engine model
 * prices them (fault-gen.ts: prefill 8 ms + 0.12 ms per uncached prompt token, a decode step
 * 14 ms + 0.002 ms per prompt token): a heavier workload, not a slower engine.
 */
function longerPrompts(k: number): (r: RequestTimeline) => RequestTimeline {
  return (r) => {
    if (r.dims.version !== 'v2' || r.inputTokens === null || r.tpotUs === null) {
      return r
    }
    const p = r.inputTokens
    const c = r.cachedTokens ?? 0
    const prefill =
      (r.stages['engine.prefill'] ?? 0) * ((8 + 0.12 * k * (p - c)) / (8 + 0.12 * (p - c)))
    const tpot = Math.round(r.tpotUs * ((14 + 0.002 * k * p) / (14 + 0.002 * p)))
    return {
      ...r,
      inputTokens: p * k,
      cachedTokens: c * k,
      tpotUs: asMicros(tpot),
      stages: {
        ...r.stages,
        'engine.prefill': asMicros(Math.round(prefill)),
        'engine.decode': asMicros(tpot * (r.outputTokens ?? 0)),
      },
    }
  }
}

describe('version.regression read against the old version in the same minutes', () => {
  it('names a 1.2× version that served only the last minute, moderately, saying users did not feel it', () => {
    const { ctx, diagnosis } = run([
      { cause: 'version.regression', magnitude: 1.2, windowShare: 0.05 },
    ])
    const r = versionRegressionCause.evaluate(ctx)
    expect(r).not.toBeNull()
    if (r === null || 'skipped' in r) {
      throw new Error('no version reading')
    }
    expect(r.scope).toEqual({ dimension: 'version', value: 'v2' })
    expect(r.evidence[0]?.text).toMatch(
      /against v1 in the same steps.*decode time per output token 1\.[12]\d×/
    )
    const top = diagnosis.findings[0]
    expect(top?.cause).toBe('version.regression')
    expect(top?.scope).toEqual({ dimension: 'version', value: 'v2' })
    // Moderate: above "healthy", under what a cause that explains a real latency rise reaches.
    expect(top!.confidence).toBeGreaterThan(0.5)
    expect(top!.confidence).toBeLessThan(0.7)
    expect(top!.evidence.map((e) => e.text).join('\n')).toMatch(/P99 did not move/)
    expect(top!.evidence.map((e) => e.text).join('\n')).toMatch(/ran on replicas r0, r1/)
  })

  it('reads nothing into a version slower from the data’s start: a standing condition', () => {
    const { ctx, diagnosis } = run([
      { cause: 'version.regression', magnitude: 1.3, windowShare: 1 },
    ])
    expect(canaryReadings(ctx)).toEqual([])
    expect(versionFinding(diagnosis.findings)?.confidence ?? 0).toBeLessThan(0.5)
  })

  it('does not call a version given 3× longer prompts slower when its time per token is not', () => {
    const { ctx, diagnosis } = run(
      [{ cause: 'version.regression', magnitude: 1, windowShare: 0.2 }],
      longerPrompts(3)
    )
    const [v2] = canaryReadings(ctx)
    expect(v2?.version).toBe('v2')
    for (const s of v2!.work) {
      expect(s.ratio).toBeLessThan(1.05)
    }
    expect(versionFinding(diagnosis.findings)).toBeUndefined()
  })

  it('names no version for a version change with no slowdown', () => {
    const { ctx, diagnosis } = run([
      { cause: 'version.regression', magnitude: 1, windowShare: 0.3 },
    ])
    expect(versionRegressionCause.evaluate(ctx)).toBeNull()
    expect(versionFinding(diagnosis.findings)).toBeUndefined()
  })

  it('sets aside a version that lands during a surge every version feels alike', () => {
    const { diagnosis } = run([
      { cause: 'version.regression', magnitude: 1, windowShare: 0.2 },
      { cause: 'engine.queue_saturation', magnitude: 3, windowShare: 0.2 },
    ])
    expect(diagnosis.findings[0]?.cause).toBe('engine.queue_saturation')
    const v = versionFinding(diagnosis.findings)
    if (v !== undefined) {
      expect(v.confidence).toBeLessThan(0.5)
      expect(v.evidence.map((e) => e.text).join('\n')).toMatch(/slowed every version alike/)
    }
  })
})
