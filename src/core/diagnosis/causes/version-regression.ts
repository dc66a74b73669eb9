/**
 * `version.regression` — a new model/service version is slower than the old one.
 *
 * Evidence needed: the version dimension with at least two versions in the window; deploy or
 * canary events confirm. For: the slow cohort (TTFT or TPOT) is concentrated in one version that
 * holds most of it; a deploy/canary event names that version or it first appears inside the
 * window. Or, when it served too briefly to hold the tail: its requests read against the old
 * version's in the same steps and prompt lengths (canary analysis, version-canary.ts, ADR 0325)
 * are clearly slower per token; that alone is named with moderate confidence, since the users'
 * tail did not move. Gateway spans alone: the time per output token at the gateway stands for the
 * TPOT they lack, as for `node.degraded` (ADR 0344, 0386). Against: a single version (nothing to
 * compare); the slow set is a node or replica that does not coincide with the version; the
 * version's requests took as long per token as the other versions' beside them (a surge every
 * version felt).
 * Scope: the version (and the replicas it ran on, in the evidence).
 * Actions (CONTRACT §5.1): pause or roll back the canary; compare the versions' stage profiles.
 */
import { isoFromMicros, type Micros } from '../../model/units.js'
import type { Evidence } from '../../model/diagnosis.js'
import { pickHoldingValue } from '../../concentration/narrowest-scope.js'
import { ramp } from '../../stats/significance.js'
import type { ChangeEvent } from '../../model/event.js'
import type { CauseRecord } from './record.js'
import { scopedSignature } from './signature.js'
import { eventEvidence, impactEvidence, rowEvidence, scopeOf } from '../explain/evidence.js'
import { tailImpact } from '../detect/impact.js'
import type { DiagnosisContext } from '../frame/context.js'
import type { Cohort } from '../frame/cohort.js'
import {
  placeConcentration,
  type ConcentrationRow,
} from '../../concentration/find-concentration.js'
import { GATEWAY_TPOT, decimals, measureWords, round } from '../explain/text.js'
import {
  canaryReadings,
  versionAgainstOthers,
  type CanaryMeasure,
  type CanaryReading,
  type CanaryShift,
} from './version-canary.js'

export const versionRegressionCause: CauseRecord = {
  cause: 'version.regression',
  label: 'New version is slower',
  measure: null,
  chain: ['new version', 'its replicas slow'],
  explains: ['node.degraded', 'replica.cold_start', 'engine.queue_saturation'],
  needs: 'the version dimension with ≥ 2 versions; deploy/canary events confirm.',
  predicts:
    'one version holds most of the slow TTFT or TPOT cohort with a high relative risk and moves the P99; or a new version works clearly slower per token than the old one in the same steps, on prompts of the same length (named moderately when the P99 did not move). Without an engine TPOT (gateway spans alone), an excess of its time per output token at the gateway counts as a TPOT excess. Scope: the version.',
  against:
    'a single version; the tail is unmoved without it; its requests took as long per token as the other versions’ in the same steps.',
  actions: ['pause or roll back the canary', "compare the versions' stage profiles"],
  excess: scopedSignature((x) => (x.facts.scope?.dimension === 'version' ? 1 : 0)),
  // Gateway spans alone give no TPOT: a version that slows the decode shows only in the time per
  // output token at the gateway, and the node its replicas run on read that time alone (ADR 0344)
  // and won the requests they share. Its counter pairs that same time (version-canary.ts reads
  // `perOutputTokenUs`), as the flag asks (ADR 0386).
  readsGatewayTpot: true,
  counter(ctx, finding) {
    if (finding.scope.dimension !== 'version' || finding.scope.value === null) {
      return null
    }
    const r = versionAgainstOthers(ctx, finding.scope.value)
    // Unknown is not "not slower": without a per-token measure that paired there is nothing to say.
    if (r === null || r.work.length === 0) {
      return null
    }
    const notSlower = r.work.every(
      (s) => s.ratio * Math.exp(NOT_SLOWER_SE * s.se) < CANARY_RATIO_LO
    )
    if (!notSlower) {
      return null
    }
    return {
      factor: NOT_SLOWER_FACTOR,
      evidence: {
        dimension: 'version',
        observed: round(Math.max(...r.work.map((s) => s.ratio))),
        baseline: 1,
        text: `against: version ${r.version}'s requests took as long per token as ${r.against.join(', ')}'s in the same steps, on prompts of the same length (${r.work.map((x) => shiftText(ctx, x)).join('; ')}): what slowed them slowed every version alike`,
      },
    }
  },
  evaluate(ctx) {
    const versions = ctx.frame.dims.version.values
    if (versions.length < 2) {
      return versions.length === 0 ? { skipped: 'no version dimension on the requests' } : null
    }
    const picks = [ctx.ttft, ctx.tpot]
      .map((cohort) => ({ cohort, pick: pickHoldingValue(cohort.rows, ['version'], 0.5) }))
      .filter((p) => p.pick !== null)
      .sort(
        (a, b) =>
          b.pick!.row.lift * b.pick!.row.slowShare - a.pick!.row.lift * a.pick!.row.slowShare
      )
    const best = picks[0]
    const held = best?.pick ? tailReading(ctx, best.cohort, best.pick.row) : null
    const canary = strongestCanary(ctx)
    if (held === null && canary === null) {
      return null
    }
    // The tail's reading and the canary's are two views of one version: the stronger one speaks,
    // on its own version.
    const useCanary = canary !== null && (held === null || canary.confidence > held.confidence)
    const version = useCanary ? canary.reading.version : held!.version
    const events = changesNaming(ctx, version)
    const confidence = useCanary ? canary.confidence : held!.confidence
    const evidence: Evidence[] = [
      ...(useCanary ? canary.evidence : held!.evidence),
      ...events.slice(0, 3).map(eventEvidence),
    ]
    // The window is where the version served: from its first request, when that is inside the
    // data (otherwise its onset is not in the data and the excess scan's window stands), to where
    // it stopped serving. A rollback shows as the version's requests stopping, and perhaps as a
    // change event naming the version that replaced it; the end of the data is not the fault's.
    const vcol = ctx.frame.dims.version
    const code = vcol.values.indexOf(version)
    let firstUs = Infinity
    let lastUs = -Infinity
    for (let i = 0; i < ctx.frame.n; i++) {
      if (vcol.codes[i] === code) {
        const t = ctx.frame.startUs[i] as number
        firstUs = Math.min(firstUs, t)
        lastUs = Math.max(lastUs, t)
      }
    }
    const { fromUs, toUs } = ctx.input.window
    const edge = 2 * ctx.grid.stepUs
    const window =
      Number.isFinite(firstUs) && firstUs - fromUs > edge
        ? {
            start: isoFromMicros(firstUs as Micros),
            end: isoFromMicros(servedUntil(ctx.events, version, lastUs, toUs, edge)),
          }
        : null
    return { confidence, scope: scopeOf('version', version), window, evidence }
  },
}

/**
 * Where a version stopped serving: the end of the data when it served to within `edge` of it;
 * otherwise its last request, or a later change event naming another version when one follows
 * that request within `edge` (the moment it was replaced, which no request of a quiet replica
 * marks). An event before the last request does not end it: the version was still serving.
 */
function servedUntil(
  events: readonly ChangeEvent[],
  version: string,
  lastUs: number,
  toUs: Micros,
  edge: number
): Micros {
  if (toUs - lastUs <= edge) {
    return toUs
  }
  const replaced = events
    .filter(
      (e) =>
        (e.kind === 'deploy' || e.kind === 'canary') &&
        e.version !== null &&
        e.version !== version &&
        e.timeUs > lastUs &&
        e.timeUs - lastUs <= edge
    )
    .map((e) => e.timeUs as number)
  return (replaced.length > 0 ? Math.min(...replaced) : lastUs) as Micros
}

/** The deploy and canary events that name `version`, by its field or in their message. */
function changesNaming(ctx: DiagnosisContext, version: string): DiagnosisContext['events'] {
  return ctx.events.filter(
    (e) =>
      (e.kind === 'deploy' || e.kind === 'canary') &&
      (e.version === version || e.message?.includes(version))
  )
}

interface Reading {
  version: string
  confidence: number
  evidence: Evidence[]
}

/** The version that holds most of the slow cohort, and how far it moves that cohort's P99. */
function tailReading(ctx: DiagnosisContext, cohort: Cohort, row: ConcentrationRow): Reading {
  const named = changesNaming(ctx, row.value).length > 0
  let confidence = placeConcentration(row.risk, row.slowShare)
  confidence = Math.min(1, confidence * (named ? 1.25 : 1))
  const impact = tailImpact(ctx, cohort, 'version', row.value)
  confidence *= ramp(impact, 1.05, 1.3)
  return {
    version: row.value,
    confidence,
    evidence: [
      rowEvidence(row, cohort.measure.toUpperCase()),
      impactEvidence(`version ${row.value}`, cohort.measure, impact),
    ],
  }
}

/**
 * From "could be chance" to "certain" for the new version's paired difference, in its standard
 * errors: 4 is where chance stops reaching over the many places and steps a diagnosis reads (ADR
 * 0185), 8 leaves no doubt.
 */
const CANARY_Z_LO = 4
const CANARY_Z_HI = 8
/**
 * From "not slower" to "slower" for the new version's time per token over the old's in the same
 * cells. A canary judge tolerates a small difference (two builds of one engine differ by a few
 * per cent with their batches); 1.15× is what the smallest regression a rollout is stopped for
 * (1.2×) reads through the jitter of per-request timings.
 */
const CANARY_RATIO_LO = 1.05
const CANARY_RATIO_HI = 1.15
/**
 * What the canary reading alone supports when the users' tail did not move: enough to name the
 * version over "healthy", calibrated under the 0.7 a cause that explains a real latency rise
 * reaches, so it never outranks one (explain/calibration.ts maps 0.4 to 0.63). A version that also
 * moves the P99 (the tail reading's 1.05–1.3× ramp) reaches full weight.
 */
const CANARY_ALONE = 0.4
/**
 * A version is "not slower" when even the upper end of its paired difference, this many standard
 * errors above it (one-sided 97.7 %), stays under {@link CANARY_RATIO_LO}: certain, not merely
 * unproven.
 */
const NOT_SLOWER_SE = 2
/**
 * What is left of a version named over a window in which it worked per token as fast as the other
 * versions beside it: the factor of a standing condition (thresholds.ts STANDING_FACTOR) and of a
 * limit its balancer says was never reached (ADR 0302), the mark of a finding whose own mechanism
 * the data says did not act.
 */
const NOT_SLOWER_FACTOR = 0.2

const MEASURE_WORDS: Record<CanaryMeasure, string> = {
  prefill: 'prefill time per uncached prompt token',
  decode: 'decode time per output token',
  ttft: 'TTFT',
  tpot: 'TPOT',
}

/**
 * "decode time per output token 1.20× (46.1 standard errors)". Without an engine TPOT the decode
 * pairs the frame's time per output token at the gateway (ADR 0344): it is named so, never decode.
 */
function shiftText(ctx: DiagnosisContext, s: CanaryShift): string {
  const words =
    s.measure === 'decode' && ctx.gatewayTpot !== null
      ? measureWords(GATEWAY_TPOT)
      : MEASURE_WORDS[s.measure]
  return `${words} ${decimals(s.ratio, 2)}× (${decimals(s.z, 1)} standard errors)`
}

/**
 * The new version read against the old one in the same steps and prompt octaves
 * (version-canary.ts): the clearest slowdown of its engine work per token, weighed by how sure and
 * how large it is, and by whether the users' tail moved with it.
 */
function strongestCanary(ctx: DiagnosisContext): (Reading & { reading: CanaryReading }) | null {
  let best: (Reading & { reading: CanaryReading }) | null = null
  for (const reading of canaryReadings(ctx)) {
    const work = [...reading.work].sort((a, b) => b.z - a.z)[0]
    if (work === undefined) {
      continue
    }
    const strength =
      ramp(work.z, CANARY_Z_LO, CANARY_Z_HI) * ramp(work.ratio, CANARY_RATIO_LO, CANARY_RATIO_HI)
    if (strength === 0) {
      continue
    }
    const impact = Math.max(
      ...[ctx.ttft, ctx.tpot].map((c) => tailImpact(ctx, c, 'version', reading.version))
    )
    const felt = ramp(impact, 1.05, 1.3)
    const confidence = strength * (CANARY_ALONE + (1 - CANARY_ALONE) * felt)
    if (best !== null && confidence <= best.confidence) {
      continue
    }
    const others = reading.work.filter((s) => s !== work).map((s) => shiftText(ctx, s))
    const users = reading.users.map((s) => shiftText(ctx, s)).join(', ')
    best = {
      version: reading.version,
      confidence,
      reading,
      evidence: [
        {
          dimension: 'version',
          observed: round(work.ratio),
          baseline: 1,
          text: `version ${reading.version} against ${reading.against.join(', ')} in the same steps, on prompts of the same length (${work.n} requests): ${shiftText(ctx, work)}${others.length > 0 ? `; ${others.join('; ')}` : ''}`,
        },
        {
          dimension: 'version',
          observed: round(impact),
          baseline: 1,
          text:
            felt > 0
              ? `its users' ${users} against the old version's in the same steps; without it the P99 would be ${decimals(impact, 2)}× lower`
              : `its users' ${users} against the old version's in the same steps, but the window's P99 did not move with it (only ${decimals(impact, 2)}× lower without it): a regression seen in its own requests more than in the users' tail`,
        },
        {
          dimension: 'replica',
          observed: reading.replicas.slice(0, 5).join(', '),
          baseline: null,
          text: `version ${reading.version} ran on ${reading.replicas.length === 0 ? 'no named replica' : `replica${reading.replicas.length > 1 ? 's' : ''} ${reading.replicas.slice(0, 5).join(', ')}${reading.replicas.length > 5 ? ', …' : ''}`} from ${isoFromMicros(reading.firstUs as Micros)}`,
        },
      ],
    }
  }
  return best
}
