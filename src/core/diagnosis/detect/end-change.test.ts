/**
 * A change at the end of the data (ADR 0260), on the fault grid's independent generator: a fault
 * in the data's last minute that moved its measures beyond all their history is answered with its
 * mechanism, not `healthy`, unless its root's own series names it (ADR 0281); the per-step noise
 * at the end of healthy runs is not.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, gridCases } from '../testing/grid.js'

// Each run generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000
const LAST_MINUTE = '2025-06-02T09:29:00.000Z'

describe('a fault in the data’s last minute', () => {
  it(
    'long prompts that fill every queue (grid 13-40, 1.5×, spans only): the root read on its own share, to the end of the data',
    () => {
      // `healthy` 0.5 before ADR 0260: no record could be judged on two steps; then the queue,
      // named as the mechanism from the last minute. The long prompts' share is the root's own
      // series (ADR 0281): its rise over the last two minutes is past chance (z 9), so the root
      // is named, its window ending where the data does.
      const c = gridCases(13, 120)[40]!
      const { diagnosis } = diagnoseGridCase(c)
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.long_prompts')
      expect(top.window?.start).toBe('2025-06-02T09:28:00.000Z')
      expect(top.window?.end).toBe(diagnosis.window.end)
      expect(diagnosis.findings.some((f) => f.cause === 'healthy')).toBe(false)
      expect(top.evidence.some((e) => e.metric === 'long_prompt_share')).toBe(true)
    },
    SLOW
  )

  it(
    'tokens held back by a proxy (grid 43-34, 1.5×): the worst gap rose alone at the client while the engine kept its pace per token, so the proxy is named on it',
    () => {
      // Below any judged finding (the end-of-data mechanism, 0.40) while the gap was read per
      // stream, where the engine's whole decode time carried it and no record took it. Read per
      // token (ADR 0297), the engine's part is nil and the stream carries the gap: the root's
      // own reading, as the long prompts' share above.
      const c = gridCases(43, 120)[34]!
      const { diagnosis } = diagnoseGridCase(c)
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('proxy.stream_buffering')
      expect(top.window?.start).toBe(LAST_MINUTE)
      expect(top.window?.end).toBe(diagnosis.window.end)
      expect(diagnosis.findings.some((f) => f.cause === 'healthy')).toBe(false)
      expect(top.evidence.some((e) => /^stream grew by/.test(e.text))).toBe(true)
    },
    SLOW
  )
})

describe('the end of a healthy run', () => {
  it(
    'a last minute above all earlier ones on every measure, by about twice their widest swing, stays healthy',
    () => {
      // Grid seed 19 case 101 (healthy, all signals): the last stretch of TTFT, TPOT, the worst
      // gap and the queue sit 1.9–2.3 widest swings above their history: per-step noise.
      const c = gridCases(19, 120)[101]!
      expect(c.kind).toBe('healthy')
      const { diagnosis } = diagnoseGridCase(c)
      expect(diagnosis.findings.map((f) => f.cause)).toEqual(['healthy'])
    },
    SLOW
  )
})
