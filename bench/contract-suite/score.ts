/** Scores a `tokenline.diagnosis/v1` answer against what a scenario injected. */
import type { Scenario } from './scenario.js'

interface Finding {
  cause: string
  confidence: number
  scope: { dimension: string | null; value: string | null }
  window: { start: string; end: string } | null
}
export interface Diagnosis {
  schema: string
  requests: number
  findings: Finding[]
  standing_conditions: { dimension: string; value: string }[]
}

export interface RunScore {
  id: string
  kind: string
  expected: string
  answer: string
  confidence: number
  top1: boolean
  top3: boolean
  /** Null when the cause was not named at all, so scope cannot be judged. */
  scope: boolean | null
  standing: boolean | null
  /** |answer − truth| of the window's start and end, seconds; null when no window to compare. */
  startErrS: number | null
  endErrS: number | null
  /**
   * |answer − effect end| (effect.ts: where the fault's requests are back within their pre-fault
   * spread, which a draining backlog or a slow warm-up puts after the fault's end); null as above.
   */
  effectEndErrS: number | null
  /** Effect end − fault end, seconds; null without a fault window. */
  effectLagS: number | null
  silentMiss: boolean
  falseAlarm: boolean
  requests: number
  expectedRequests: number
  note: string
}

const sameScope = (
  a: Finding['scope'],
  b: { dimension: string | null; value: string | null }
): boolean => a.dimension === b.dimension && (b.dimension === null || a.value === b.value)

export function scoreRun(
  s: Scenario,
  d: Diagnosis,
  expectedRequests: number,
  effectEndS: number | null = null
): RunScore {
  const top = d.findings[0]
  const isFault = s.expected.cause !== 'healthy'
  const hit = d.findings.findIndex((f) => f.cause === s.expected.cause)
  const named = hit >= 0 ? d.findings[hit] : undefined
  let startErrS: number | null = null
  let endErrS: number | null = null
  let effectEndErrS: number | null = null
  if (named?.window && s.expected.window !== null) {
    startErrS = Math.abs(
      Date.parse(named.window.start) / 1000 - (s.epochS + s.expected.window.startS)
    )
    const endS = Date.parse(named.window.end) / 1000 - s.epochS
    endErrS = Math.abs(endS - s.expected.window.endS)
    effectEndErrS = effectEndS === null ? null : Math.abs(endS - effectEndS)
  }
  const standingExp = s.expected.standing
  const topIsCause = top !== undefined && top.cause !== 'healthy' && top.confidence > 0.5
  return {
    id: s.id,
    kind: s.kind,
    expected: s.expected.cause,
    answer:
      top === undefined
        ? '(none)'
        : `${top.cause}${top.scope.dimension !== null ? `[${top.scope.dimension}=${top.scope.value}]` : ''}`,
    confidence: top?.confidence ?? 0,
    top1: top?.cause === s.expected.cause && (isFault || !topIsCause),
    top3: hit >= 0 && hit < 3,
    scope: named === undefined || !isFault ? null : sameScope(named.scope, s.expected.scope),
    standing:
      standingExp === null
        ? null
        : d.standing_conditions.some(
            (c) => c.dimension === standingExp.dimension && c.value === standingExp.value
          ),
    startErrS,
    endErrS,
    effectEndErrS,
    effectLagS:
      effectEndS === null || s.expected.window === null
        ? null
        : effectEndS - s.expected.window.endS,
    silentMiss: isFault && top?.cause === 'healthy' && top.confidence > 0.5,
    falseAlarm: !isFault && topIsCause,
    requests: d.requests,
    expectedRequests,
    note: '',
  }
}
