/**
 * A cold start explains the place it runs on only as far as the place's slowness is the young
 * replica's warm-up: a node that hosts a new replica is slow in its tail because that replica's
 * first minutes are, and it is not degraded. Read by taking the young requests out of the data and
 * asking the node record's own question again: are the place's requests still more likely to be
 * slow than the others', and do they still hold most of the slow cohort (ADR 0373)?
 */
import type { Finding } from '../../model/diagnosis.js'
import type { DurationMeasure } from '../../model/request.js'
import { placeConcentration, relativeRisk } from '../../concentration/find-concentration.js'
import type { Cohort } from '../frame/cohort.js'
import type { DiagnosisContext } from '../frame/context.js'
import { YOUNG_US } from '../frame/young-replicas.js'
import { decimals, pct, round } from '../explain/text.js'
import type { Counter } from './record.js'

interface CohortRead {
  label: string
  /** The place's risk and share of the slow cohort with every request, and without the young. */
  risk: number
  restRisk: number
  share: number
  restShare: number
  /** Share of the place's slow requests that are young. */
  youngShare: number
}

function readCohort(
  ctx: DiagnosisContext,
  cohort: Cohort,
  label: string,
  inPlace: Uint8Array,
  young: Uint8Array
): CohortRead | null {
  let sIn = 0
  let nIn = 0
  let sOut = 0
  let nOut = 0
  let sInYoung = 0
  let nInYoung = 0
  let sOutYoung = 0
  let nOutYoung = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    if (cohort.eligible[i] !== 1) {
      continue
    }
    const s = cohort.slow[i] === 1 ? 1 : 0
    if (inPlace[i] === 1) {
      nIn++
      sIn += s
      if (young[i] === 1) {
        nInYoung++
        sInYoung += s
      }
    } else {
      nOut++
      sOut += s
      if (young[i] === 1) {
        nOutYoung++
        sOutYoung += s
      }
    }
  }
  if (sIn === 0) {
    return null
  }
  return {
    label,
    risk: relativeRisk(sIn, nIn, sOut, nOut),
    restRisk: relativeRisk(sIn - sInYoung, nIn - nInYoung, sOut - sOutYoung, nOut - nOutYoung),
    share: sIn / (sIn + sOut),
    restShare:
      sIn + sOut - sInYoung - sOutYoung > 0
        ? (sIn - sInYoung) / (sIn + sOut - sInYoung - sOutYoung)
        : 0,
    youngShare: sInYoung / sIn,
  }
}

/**
 * What a standing cold start leaves of a place finding (`node.degraded`) it explains: the factor
 * its confidence keeps and the line that says why, or null when the place holds none of the young
 * replicas' first-minute requests among its slow ones. The factor is the place's concentration
 * score without the young requests over the same score with them, in the cohort the finding was
 * named on: a node also slow on its other replicas keeps its finding.
 */
export function youngPlaceShare(
  ctx: DiagnosisContext,
  _root: Finding,
  place: Finding,
  measure: DurationMeasure
): Counter | null {
  const { dimension, value } = place.scope
  if (value === null || (dimension !== 'node' && dimension !== 'replica')) {
    return null
  }
  const replicas = ctx.frame.dims.replica
  const members = new Set(
    dimension === 'replica'
      ? [value]
      : [...ctx.replicaNode].filter(([, node]) => node === value).map(([r]) => r)
  )
  // Every young replica's first minutes, whatever replica the cold start is scoped to: a node
  // that hosts two of a scale-up's replicas is slow in both their first minutes, and the one the
  // scope names is only the one with a few more of the slow requests (ADR 0385).
  const firstOf = new Map<number, number>()
  for (const [r, first] of ctx.youngReplicaUs) {
    const code = replicas.values.indexOf(r)
    if (code >= 0) {
      firstOf.set(code, first)
    }
  }
  const youngHere = [...firstOf.keys()].filter((c) => members.has(replicas.values[c] as string))
  if (youngHere.length === 0) {
    return null
  }
  const inPlace = new Uint8Array(ctx.frame.n)
  const young = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const code = replicas.codes[i] as number
    inPlace[i] = members.has(replicas.values[code] as string) ? 1 : 0
    const first = firstOf.get(code)
    young[i] = first !== undefined && (ctx.frame.startUs[i] as number) - first < YOUNG_US ? 1 : 0
  }
  // The cohort the place was named on: another cohort's few slow requests there say nothing of
  // what the finding claims (grid 271-60: 11 slow TTFT on r8 against its 65 slow TPOT).
  const cohort = measure === 'ttft' ? ctx.ttft : measure === 'tpot' ? ctx.tpot : null
  const read =
    cohort === null ? null : readCohort(ctx, cohort, measure.toUpperCase(), inPlace, young)
  const withYoung = read === null ? 0 : placeConcentration(read.risk, read.share)
  if (read === null || !(withYoung > 0)) {
    return null
  }
  const factor = Math.min(1, placeConcentration(read.restRisk, read.restShare) / withYoung)
  const names = youngHere.map((c) => replicas.values[c] as string).join(', ')
  const where = `${dimension}=${value}`
  const text = `${pct(read.youngShare)} of the slow ${read.label} requests on ${where} are ${names}'s in its first ${YOUNG_US / 60_000_000} minutes; without them it holds ${pct(read.restShare)} of the slow requests left and its requests are ${decimals(read.restRisk, 2)}× as likely to be slow as the others' (${pct(read.share)} and ${decimals(read.risk, 2)}× with them): the cold start explains ${factor > 0 ? 'part of ' : ''}them`
  return {
    factor,
    evidence: {
      dimension,
      observed: round(read.restRisk),
      baseline: round(read.risk),
      text,
    },
  }
}
