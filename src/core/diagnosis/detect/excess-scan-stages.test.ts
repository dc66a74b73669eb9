/**
 * Each scanned measure's excess is read on the stages it is made of (excess-carrier.ts
 * `stageShifts`). E2E listed none, so every E2E excess was time no span covers: with a gateway in
 * front, read as the gateway's own wait. Longer outputs that raised E2E P99 15 s through the
 * decode named gateway.queueing (0.76) over long generations (ADR 0546).
 */
import { describe, expect, it } from 'vitest'
import { SCAN_MEASURES } from './excess-scan.js'
import { stagesOfMeasure } from './stage-stats.js'

describe('the stages each scanned measure is read on', () => {
  it('TTFT, TPOT, the longest gap and E2E are read on the stages they are made of', () => {
    for (const measure of ['ttft', 'tpot', 'itl_max', 'e2e'] as const) {
      const def = SCAN_MEASURES.find((d) => d.measure === measure && d.stage === undefined)
      expect(def?.stages, measure).toEqual(stagesOfMeasure(measure))
    }
  })
})
