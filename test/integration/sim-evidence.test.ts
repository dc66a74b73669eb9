import { describe, expect, it } from 'vitest'
import { createRun, type SimRequest } from '../../src/sim/index.js'

/** Splits a run at its (first) fault onset and collects requests and scrape samples on each side. */
function split(scenario: string, seed: number) {
  const run = createRun({ scenario, seed, durationMs: 10 * 60_000 })
  const cause = run.expected.causes[0]!
  const fromUs = Date.parse(cause.window.start) * 1000
  const before: SimRequest[] = []
  const after: SimRequest[] = []
  const metric = { before: new Map<string, number>(), after: new Map<string, number>() }
  for (const o of run.outputs()) {
    if (o.kind === 'requests') {
      for (const r of o.requests) {
        ;(run.epochUs + r.clientStartUs >= fromUs ? after : before).push(r)
      }
    } else if (o.kind === 'metrics') {
      const m = o.timeUs >= fromUs ? metric.after : metric.before
      for (const s of o.samples) {
        m.set(s.name, Math.max(m.get(s.name) ?? 0, s.value))
      }
    }
  }
  return { run, cause, before, after, metric }
}
const p = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0
}

describe('scenario evidence', () => {
  it('kv cache pressure: usage near 1 and preemptions only after the onset', () => {
    const { before, after, metric } = split('engine-kv-cache-pressure', 4)
    expect(metric.after.get('vllm:kv_cache_usage_perc')).toBeGreaterThan(0.95)
    expect(before.reduce((n, r) => n + r.preemptions, 0)).toBe(0)
    expect(after.reduce((n, r) => n + r.preemptions, 0)).toBeGreaterThan(0)
  })

  it('connection limit: sessions at the limit and ~1 s / 3 s SYN-retransmit steps in connect time', () => {
    const { run, after, metric } = split('gateway-connection-limit', 4)
    expect(metric.after.get('haproxy_frontend_current_sessions')).toBeGreaterThanOrEqual(
      run.simulation.config.gateway.connectionLimit
    )
    const connects = after.filter((r) => r.probed && !r.reused).map((r) => r.connectUs)
    expect(connects.some((c) => c > 1_000_000 && c < 1_400_000)).toBe(true)
    expect(connects.some((c) => c > 3_000_000 && c < 3_400_000)).toBe(true)
  })

  it('stream buffering: client ITL max and stalls high while engine TPOT is unchanged', () => {
    const { before, after } = split('proxy-stream-buffering', 4)
    const probed = (xs: SimRequest[]) => xs.filter((r) => r.probed && r.outputTokens > 100)
    expect(
      p(
        probed(after).map((r) => r.itlMaxUs),
        0.5
      )
    ).toBeGreaterThan(
      5 *
        p(
          probed(before).map((r) => r.itlMaxUs),
          0.5
        )
    )
    expect(
      p(
        probed(after).map((r) => r.stalls),
        0.5
      )
    ).toBeGreaterThan(0)
    const tpot = (xs: SimRequest[]) =>
      p(
        xs.map((r) => (r.engineEndUs - r.firstTokenUs) / (r.outputTokens - 1)),
        0.5
      )
    expect(tpot(after)).toBeLessThan(tpot(before) * 1.3)
  })

  it('node degraded: both replicas of the named node slow down, the others do not', () => {
    const { run, cause, after } = split('node-degraded', 4)
    const onNode = new Set(
      run.simulation.replicas.filter((r) => r.id.node === cause.scope.value).map((r) => r.id.index)
    )
    expect(onNode.size).toBe(2)
    const tpot = (xs: SimRequest[]) =>
      p(
        xs.map((r) => (r.engineEndUs - r.firstTokenUs) / (r.outputTokens - 1)),
        0.5
      )
    const slow = tpot(after.filter((r) => onNode.has(r.replica)))
    const rest = tpot(after.filter((r) => !onNode.has(r.replica)))
    expect(slow).toBeGreaterThan(rest * 1.6)
  })

  it('tls handshake: no reuse after the onset and a large client.tls', () => {
    const { before, after } = split('network-tls-handshake', 4)
    const probedAfter = after.filter((r) => r.probed)
    expect(probedAfter.every((r) => !r.reused && !r.tlsResumed)).toBe(true)
    expect(
      p(
        probedAfter.map((r) => r.tlsUs),
        0.5
      )
    ).toBeGreaterThan(50_000)
    expect(before.filter((r) => r.reused).length).toBeGreaterThan(before.length / 2)
  })

  it('high rtt: the named region pays several times the round trips of the others', () => {
    const { cause, after } = split('network-high-rtt', 4)
    const far = after.filter((r) => r.region === cause.scope.value)
    const near = after.filter((r) => r.region !== cause.scope.value)
    expect(far.length).toBeGreaterThan(20)
    expect(
      p(
        far.map((r) => r.rttUs),
        0.5
      )
    ).toBeGreaterThan(
      2.5 *
        p(
          near.map((r) => r.rttUs),
          0.5
        )
    )
  })

  it('cold start: the scale event adds a replica that is slow in its first minutes', () => {
    const { run, after } = split('replica-cold-start', 4)
    const fresh = run.simulation.replicas.filter((r) => r.id.startedUs > 0).map((r) => r.id.index)
    expect(fresh.length).toBeGreaterThan(0)
    const tpot = (xs: SimRequest[]) =>
      p(
        xs.map((r) => (r.engineEndUs - r.firstTokenUs) / (r.outputTokens - 1)),
        0.5
      )
    const startedUs = run.simulation.replicas[fresh[0]!]!.id.startedUs
    const early = after.filter((r) => r.engineArriveUs < startedUs + 90_000_000)
    expect(tpot(early.filter((r) => fresh.includes(r.replica)))).toBeGreaterThan(
      2 * tpot(early.filter((r) => !fresh.includes(r.replica)))
    )
  })
})
