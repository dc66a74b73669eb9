/**
 * `proxy.stream_buffering` — a proxy buffers the SSE stream; tokens arrive in bursts with long
 * stalls.
 *
 * Evidence needed: client spans (ITL max, TPOT as the client saw it); engine-side TPOT for
 * comparison. For: the client's largest gap between chunks is many times its typical gap (a stall
 * per CONTRACT §1.2: > 5× and > 100 ms) on many requests, concentrated in time or in a
 * route/region/gateway, while the engine's decode is not slower. Against: no client spans; gaps
 * that match the engine's pace.
 * Actions (CONTRACT §5.1): disable proxy buffering for SSE; flush per event.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { findConcentration } from '../../concentration/find-concentration.js'
import { pickHoldingValue } from '../../concentration/narrowest-scope.js'
import { ramp } from '../../stats/significance.js'
import type { ScopeDimension } from '../../model/diagnosis.js'
import type { CauseRecord, Counter } from './record.js'
import type { ExcessView } from './signature.js'
import type { DiagnosisContext } from '../frame/context.js'
import { decimals, fmtUs, pct, round } from '../explain/text.js'
import { rowEvidence, scopeOf } from '../explain/evidence.js'
import { meanOver } from '../resources.js'
import { meanWhere } from '../../stats/quantile.js'
import { windowOfBuckets, windowSpanUs } from '../frame/window-span.js'
import { bucketCounts, bucketOf } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'

/** Scopes behind the gateway: a proxy in front of it cannot single one of them out. */
const BACKEND_SCOPES: ReadonlySet<string> = new Set(['replica', 'node', 'version'])
/**
 * Whether an excess sits on one backend: its scope is a replica, node or version, or the element
 * the scan localised it to names one (a node within a region).
 */
function onOneBackend(x: ExcessView): boolean {
  const scope = x.facts.scope
  if (scope !== null && BACKEND_SCOPES.has(scope.dimension)) {
    return true
  }
  return (x.anomaly.localized?.dimensions ?? []).some((d) => BACKEND_SCOPES.has(d))
}
/** Output tokens of the stalled streams over the calm ones' at which length explains the gaps. */
const LONGER = 2
/** Output tokens per request inside the finding's window over outside: the outputs got longer. */
const OUTPUT_ROSE = 1.3

/**
 * The largest gap of a stream grows with its length at the same pace. A buffering proxy stalls
 * streams of any length; when the stalled streams are the long ones, the outputs got longer
 * (long generations) and the gaps came with them: evidence against. Null when it does not apply.
 */
function longerStreams(
  ctx: DiagnosisContext,
  window: { start: string; end: string } | null
): Counter | null {
  const { frame } = ctx
  // Long generations change the output tokens per request; a buffering proxy does not.
  const span = windowSpanUs(window)
  if (span === null) {
    return null
  }
  const { from: a0, to: b0 } = span
  const inside = new Uint8Array(frame.n)
  const outside = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const t = frame.startUs[i] as number
    inside[i] = t >= a0 && t < b0 ? 1 : 0
    outside[i] = 1 - (inside[i] as number)
  }
  const outIn = meanWhere(frame.outputTokens, inside)
  const outOut = meanWhere(frame.outputTokens, outside)
  if (outIn.count < 10 || outOut.count < 10 || !(outIn.mean >= OUTPUT_ROSE * outOut.mean)) {
    return null
  }
  const stalled = new Uint8Array(frame.n)
  const calm = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const itl = frame.itlMaxUs[i] as number
    const tpot = frame.tpotUs[i] as number
    if (frame.hasClient[i] === 1 && itl === itl && tpot === tpot && tpot > 0) {
      const s = itl > 5 * tpot && itl > 100_000
      stalled[i] = s ? 1 : 0
      calm[i] = s ? 0 : 1
    }
  }
  const a = meanWhere(frame.outputTokens, stalled)
  const b = meanWhere(frame.outputTokens, calm)
  if (a.count < 5 || b.count < 5 || !(b.mean > 0) || a.mean / b.mean < LONGER) {
    return null
  }
  return {
    factor: 0.3,
    evidence: {
      metric: 'output_tokens',
      observed: round(a.mean, 0),
      baseline: round(b.mean, 0),
      text: `against: the stalled streams are ${decimals(a.mean / b.mean, 1)}× as long (${Math.round(a.mean)} vs ${Math.round(b.mean)} output tokens) and outputs got ${decimals(outIn.mean / outOut.mean, 1)}× longer in the window: longer outputs have a larger worst gap at the same pace, which a buffering proxy does not need`,
    },
  }
}

/** Streams each side needs before the stall window's pace is read against the rest's. */
const PACE_MIN_STREAMS = 30

/**
 * The engine's decode time per token where the stalls are over where they are not. A stall is a
 * gap above 5× the stream's TPOT and above 100 ms: the floor is reached first by the streams
 * whose tokens are slower (longer prompts, a slower replica), so the stalled streams decode
 * slower than the calm ones whoever holds the gaps (1.1–1.4× on streams a proxy buffered while
 * the engine kept its pace). When the stall share rose in a window, the engine's pace inside it
 * against outside it asks the question without that selection: a proxy changes which streams
 * stall, not how fast the engine decodes. Without a window, the stalled streams against the
 * calm ones, as before.
 */
function enginePace(
  ctx: DiagnosisContext,
  perToken: Float64Array,
  eligible: Uint8Array,
  stalled: Uint8Array,
  span: { start: number; end: number } | null
): { ratio: number; inWindow: boolean } {
  const { frame } = ctx
  const a = new Uint8Array(frame.n)
  const b = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    if (eligible[i] !== 1) {
      continue
    }
    if (span === null) {
      a[i] = stalled[i] as number
      b[i] = 1 - (stalled[i] as number)
    } else {
      const k = bucketOf(ctx.grid, frame.startUs[i] as number)
      const inside = k >= span.start && k <= span.end
      a[i] = inside ? 1 : 0
      b[i] = inside ? 0 : 1
    }
  }
  const x = meanWhere(perToken, a)
  const y = meanWhere(perToken, b)
  if (span !== null && (x.count < PACE_MIN_STREAMS || y.count < PACE_MIN_STREAMS)) {
    return enginePace(ctx, perToken, eligible, stalled, null)
  }
  return {
    ratio: x.count > 0 && y.count > 0 && y.mean > 0 ? x.mean / y.mean : 1,
    inWindow: span !== null,
  }
}

export const proxyStreamBufferingCause: CauseRecord = {
  cause: 'proxy.stream_buffering',
  label: 'Proxy buffers the token stream',
  measure: 'itl_max',
  chain: ['proxy buffer', 'client gaps with unchanged engine ITL'],
  explains: [],
  breachStages: ['stream'],
  needs: 'client spans with inter-token gaps (ITL max, TPOT).',
  predicts:
    "many client streams stall (max gap > 5× TPOT and > 100 ms, CONTRACT §1.2), the stall share rose in a window or concentrates in a route/region/tenant, or the stream's end is held long after the engine ended — while the engine decoded at the same pace per token in the stall window as outside it (without a window: the stalled streams as the calm ones).",
  against:
    'the engine itself was slower per token where the streams stalled (preemption, long prefills); the outputs got longer in the window (≥ 1.3×) and the stalled streams are the long ones (≥ 2× the output tokens: long generations); the load the requests made explains most of the longer gaps (more prefills between tokens, fuller batches: the workload carries them); the gaps grew only on the streams of one replica, node or version, or the excess is localised to one (the time of that backend); longer prefills grew the gaps (prefix-cache misses, long prompts).',
  actions: ['disable proxy buffering for SSE (e.g. X-Accel-Buffering: no)', 'flush per event'],
  counter(ctx, finding) {
    return longerStreams(ctx, finding.window)
  },
  excess: {
    // A proxy sits in front of the gateway, or of a route or region, and every backend's streams
    // pass through it alike: gaps that grew on one replica's, node's or version's streams only
    // are that backend's (a replica's largest gap 4.6 ms longer, read as a proxy at 0.93; ADR
    // 0545), as a gateway wait that lands on one backend is (excess-carrier.ts). So are gaps the
    // excess localised to a backend within a region (one node's requests from eu-west-1).
    'client-gaps': (x) => (onOneBackend(x) ? 0 : x.facts.tpotMoved ? 0.5 : 1),
    'uncovered-with-gaps': 1,
  },
  evaluate(ctx) {
    const { frame } = ctx
    const stalled = new Uint8Array(frame.n)
    const eligible = new Uint8Array(frame.n)
    let n = 0
    let s = 0
    for (let i = 0; i < frame.n; i++) {
      const itl = frame.itlMaxUs[i] as number
      const tpot = frame.tpotUs[i] as number
      if (frame.hasClient[i] === 1 && itl === itl && tpot === tpot && tpot > 0) {
        eligible[i] = 1
        n++
        if (itl > 5 * tpot && itl > 100_000) {
          stalled[i] = 1
          s++
        }
      }
    }
    if (n === 0) {
      return {
        skipped:
          'no client spans with inter-token gaps: stream buffering is only visible at the client',
      }
    }
    if (s < 5) {
      return null
    }
    // Stalls per step: a proxy that starts buffering shows as a level shift in the stall share.
    const stallsPerStep = bucketCounts(ctx.grid, frame.startUs, stalled)
    const clientsPerStep = bucketCounts(ctx.grid, frame.startUs, eligible)
    const stallShare = clientsPerStep.map((c, b) =>
      c >= 5 ? (stallsPerStep[b] as number) / c : NaN
    )
    const span = findElevatedSpan(detectChangePoints(stallShare, { minRelativeChange: 0.5 }), 0.5)
    let share = s / n
    if (span !== null) {
      share = meanOver(stallShare, span.start, span.end)
    }
    // Engines stall streams too (preemption, a long prefill); a proxy stalls streams the engine
    // produced at an even pace. Compare the engine's decode time per token where the stalls are
    // with where they are not.
    const perToken = new Float64Array(frame.n).fill(NaN)
    for (let i = 0; i < frame.n; i++) {
      const d = frame.stages['engine.decode'][i] as number
      const o = frame.outputTokens[i] as number
      if (d === d && o > 1) {
        perToken[i] = d / (o - 1)
      }
    }
    const pace = enginePace(ctx, perToken, eligible, stalled, span)
    const paceRatio = pace.ratio
    const rows = findConcentration(ctx.columns, stalled, eligible)
    const scope = pickHoldingValue(rows, ['route', 'region', 'tenant', 'model'], 0.8)
    // A buffering proxy also holds the end of the stream: the `stream` stage (client last chunk
    // after the engine's end) grows far beyond the network time.
    const stream = meanWhere(frame.stages.stream, eligible)
    const network = meanWhere(frame.stages.network, eligible)
    const held =
      network.count > 0 && stream.count > 0 ? (stream.mean + 1000) / (network.mean + 1000) : 1
    const steadyEngine = 1 - ramp(paceRatio, 1.05, 1.2)
    const anomaly =
      steadyEngine *
      Math.max(span !== null ? ramp(span.ratio, 1.5, 3) : 0, scope ? 1 : 0, ramp(held, 2, 5))
    const confidence = ramp(share, 0.1, 0.4) * anomaly
    if (confidence <= 0) {
      return null
    }
    const evidence: Evidence[] = [
      {
        metric: 'itl_max / tpot',
        observed: round(share),
        baseline: span ? round(span.baseline) : 0,
        text: `${pct(share)} of client-observed streams stall (max gap > 5× TPOT and > 100 ms)${span ? `, vs ${pct(span.baseline)} before` : ''}`,
      },
    ]
    evidence.push({
      stage: 'engine.decode',
      observed: round(paceRatio),
      baseline: 1,
      text: pace.inWindow
        ? `the engine decoded the streams of the stall window ${paceRatio < 1.05 ? `at the same pace per token as outside it (${decimals(paceRatio, 2)}×)` : `${decimals(paceRatio, 2)}× slower per token than outside it`}`
        : `the engine decoded the stalled streams ${paceRatio < 1.05 ? 'at the same pace as the others' : `${decimals(paceRatio, 2)}× slower than the others`}`,
    })
    if (scope) {
      evidence.push(rowEvidence(scope.row, 'stalled-stream'))
    }
    if (stream.count > 0) {
      evidence.push({
        stage: 'stream',
        observed: round(stream.mean / 1000),
        baseline: round(network.mean / 1000),
        text: `the client's last chunk arrives ${fmtUs(stream.mean)} after the engine ends, vs ${fmtUs(network.mean)} of network time`,
      })
    }
    return {
      confidence,
      scope: scope ? scopeOf(scope.dimension as ScopeDimension, scope.value) : scopeOf(null, null),
      window:
        span === null
          ? null
          : windowOfBuckets(ctx.grid, { from: span.start, to: span.end }, ctx.input.window.toUs),
      evidence,
    }
  },
}
