/**
 * Accuracy of the diagnosis over every simulator scenario: simulate → ingest into a memory store
 * → diagnose → the top finding names an injected cause with its scope; healthy scenarios give
 * exactly one `healthy` finding. Seeds: TOKENLINE_ACCURACY_SEEDS (default "1"; e.g. "1,2,3").
 * `npx tsx scripts/accuracy.ts --seeds 3` prints the full table.
 */
import { describe, expect, it } from 'vitest'
import { listScenarios } from '../../src/sim/index.js'
import { diagnoseScenario } from '../../src/testing/diagnosis-sim.js'

const seeds = (process.env['TOKENLINE_ACCURACY_SEEDS'] ?? '1').split(',').map(Number)
const cases = listScenarios().flatMap((s) => seeds.map((seed) => [s.name, seed] as const))

describe('diagnosis accuracy over simulated scenarios', () => {
  it.each(cases)(
    '%s (seed %i)',
    async (scenario, seed) => {
      const { expected: all, result } = await diagnoseScenario(scenario, seed)
      const findings = result.diagnosis.findings
      // CONTRACT §5: a fault that holds from the first to the last minute of the data (a region
      // always far away, a replica always favoured) is a standing condition, not a finding.
      const d = result.diagnosis.window
      const whole = (w: { start: string; end: string }) =>
        Date.parse(w.start) <= Date.parse(d.start) + 60_000 &&
        Date.parse(w.end) >= Date.parse(d.end) - 60_000
      const standing = all.causes.filter((c) => c.scope.dimension !== null && whole(c.window))
      for (const c of standing) {
        expect(
          result.diagnosis.standing_conditions.map((x) => `${x.dimension}=${x.value}`),
          `${c.cause} over the whole run is a standing condition`
        ).toContain(`${c.scope.dimension}=${c.scope.value}`)
      }
      const expected = { ...all, causes: all.causes.filter((c) => !standing.includes(c)) }
      if (expected.causes.length === 0) {
        expect(findings.map((f) => f.cause)).toEqual(['healthy'])
        return
      }
      const top = findings[0]!
      const match = expected.causes.find((c) => c.cause === top.cause)
      expect(
        match,
        `top finding ${top.cause} (${top.confidence}) is not one of ${expected.causes.map((c) => c.cause).join(', ')}`
      ).toBeDefined()
      expect(top.scope).toEqual(match!.scope)
      // Every injected cause shows up among the first three findings.
      for (const c of expected.causes) {
        expect(findings.slice(0, 3).map((f) => f.cause)).toContain(c.cause)
      }
    },
    120_000
  )
})

describe('diagnosis accuracy on held-out seeds that were misread', () => {
  // Seed 77's traffic tripled and the engines took it in fuller batches: the longest gap between
  // tokens rose ~97 ms, 94 ms of which the load explains, and the gaps were read as a proxy that
  // buffers the stream (0.93). A proxy holds chunks whatever the load; the root is the traffic.
  // (Since ADR 0542 the scenario's cap puts the traffic past capacity on every seed; the gaps
  // still rise with the load.)
  it('names the queue, not a buffering proxy, when the gaps rose with the load (engine-queue-saturation, seed 77)', async () => {
    const { result } = await diagnoseScenario('engine-queue-saturation', 77)
    const findings = result.diagnosis.findings
    expect(findings[0]!.cause).toBe('engine.queue_saturation')
    expect(findings.map((f) => f.cause)).not.toContain('proxy.stream_buffering')
  }, 120_000)

  // Seed 81's long contexts filled the KV cache and it preempted: the longest gaps rose with the
  // longer prompts' load, and read as the workload's they named engine.long_prompts (0.95) over
  // the KV pressure (0.86). A preempted stream's pause is the gap.
  it('names the KV pressure when preempted streams hold the longest gaps (engine-kv-cache-pressure, seed 81)', async () => {
    const { result } = await diagnoseScenario('engine-kv-cache-pressure', 81)
    expect(result.diagnosis.findings[0]!.cause).toBe('engine.kv_cache_pressure')
  }, 120_000)

  // Seed 78's node slowed at 09:06 and the router sent its two replicas less from then on (12 % of
  // the requests each → 7 %). The share scan read the first six minutes, their fair share, as a
  // span above the rest, and named routing.imbalance (0.96) over the node (0.90).
  it("names the slow node, not the routing, when the replicas' share only fell (node-degraded, seed 78)", async () => {
    const { expected, result } = await diagnoseScenario('node-degraded', 78)
    const top = result.diagnosis.findings[0]!
    expect(top.cause).toBe('node.degraded')
    expect(top.scope).toEqual(expected.causes[0]!.scope)
    expect(result.diagnosis.findings.map((f) => f.cause)).not.toContain('routing.imbalance')
  }, 120_000)

  // Seed 82's traffic tripled with the same prompts. 49.8 % of the window's requests against
  // 51.2 % of the reference's had short prompts, and the median of the bins' own medians flipped
  // from the short bin to the long: the token mix "explained" 64 ms of TTFT's rise, and
  // engine.long_prompts came first (0.93) for prompts that never changed (ADR 0539). (Since ADR
  // 0542 the seed's cap is past capacity; the prompts are still the same.)
  it('names the queue, not long prompts, when the same prompts came three times as often (engine-queue-saturation, seed 82)', async () => {
    const { result } = await diagnoseScenario('engine-queue-saturation', 82)
    const findings = result.diagnosis.findings
    expect(findings[0]!.cause).toBe('engine.queue_saturation')
    expect(findings.map((f) => f.cause)).not.toContain('engine.long_prompts')
  }, 120_000)

  // Seed 86's traffic rose 3.3× past what its engines finish: the engines' queue grew, and the
  // gateway in front, whose slots the waiting requests held 12× as long, queued too. The gateway's
  // queue came first (0.95 over 0.95); its slots' demand rose mostly with the time in the engines,
  // so the engines' queue is the root (ADR 0543).
  it("names the engines' queue, and the gateway's as its mechanism, when waiting requests held the gateway's slots (engine-queue-saturation, seed 86)", async () => {
    const { result } = await diagnoseScenario('engine-queue-saturation', 86)
    const findings = result.diagnosis.findings
    expect(findings[0]!.cause).toBe('engine.queue_saturation')
    const gateway = findings.find((f) => f.cause === 'gateway.queueing')
    expect(gateway?.evidence.map((e) => e.metric)).toContain('gateway_slot_demand')
    expect(gateway!.confidence).toBeLessThan(findings[0]!.confidence)
  }, 120_000)

  // Seed 84's long generations raised E2E P99 by 15 s through the decode while TTFT and TPOT held.
  // The E2E excess was read on no stage at all, so as time no span covers, which with a gateway in
  // front reads as its own wait: gateway.queueing came first (0.76) with no request queued at the
  // gateway (ADR 0546).
  it('names long generations, not the gateway, when only E2E rose and the decode carried it (engine-long-generations, seed 84)', async () => {
    const { result } = await diagnoseScenario('engine-long-generations', 84)
    const findings = result.diagnosis.findings
    expect(findings[0]!.cause).toBe('engine.long_generations')
    expect(findings.map((f) => f.cause)).not.toContain('gateway.queueing')
  }, 120_000)

  // Seed 87's slower handshakes came with one replica's largest gap between tokens 4.6 ms longer
  // (z 34), read as a buffering proxy for that replica (0.93). A proxy in front of the gateway
  // passes every replica's streams alike (ADR 0545).
  it("names no buffering proxy for gaps that grew on one replica's streams (network-tls-handshake, seed 87)", async () => {
    const { result } = await diagnoseScenario('network-tls-handshake', 87)
    const findings = result.diagnosis.findings
    expect(findings[0]!.cause).toBe('network.tls_handshake')
    expect(findings.map((f) => f.cause)).not.toContain('proxy.stream_buffering')
  }, 120_000)

  // Seed 79's dependency slowed; one node's requests from eu-west-1 (3 % of the requests, 66 % of
  // the excess) had a 3.1 ms longer largest gap, read as a proxy for the region (0.93). A regional
  // proxy holds every node's streams from it (ADR 0545).
  it('names no buffering proxy for gaps localised to one node of a region (downstream-dependency, seed 79)', async () => {
    const { result } = await diagnoseScenario('downstream-dependency', 79)
    const findings = result.diagnosis.findings
    expect(findings[0]!.cause).toBe('downstream.dependency')
    expect(findings.map((f) => f.cause)).not.toContain('proxy.stream_buffering')
  }, 120_000)

  // Seed 86's prefix cache stopped hitting and the prefills grew 89 ms at the median; the streams'
  // largest gap grew 89 ms with them, and read as a buffering proxy (0.95) (ADR 0544).
  it("names the stalls that longer prefills held as the prefix cache's (engine-prefix-cache-miss, seed 86)", async () => {
    const { result } = await diagnoseScenario('engine-prefix-cache-miss', 86)
    const findings = result.diagnosis.findings
    expect(findings[0]!.cause).toBe('engine.prefix_cache_miss')
    const proxy = findings.find((f) => f.cause === 'proxy.stream_buffering')
    expect(proxy === undefined || proxy.evidence.some((e) => e.metric === 'prefill_gap_rise')).toBe(
      true
    )
    expect(proxy === undefined || proxy.confidence < findings[0]!.confidence).toBe(true)
  }, 120_000)

  // Seed 77's requests rose 4.5× into batches of 512: TPOT rose 1.9× with the batch, and no request
  // waited for a slot (the queue's P90 in engine steps 0.89 → 1.13). The queue was taken as the
  // root of the fuller batch and named first (0.90 over 0.88) (ADR 0540).
  it('names memory bandwidth, not the queue, when more requests filled batches with room (engine-memory-bandwidth, seed 77)', async () => {
    const { result } = await diagnoseScenario('engine-memory-bandwidth', 77)
    const [top, next] = result.diagnosis.findings
    expect(top!.cause).toBe('engine.memory_bandwidth')
    expect(top!.evidence.some((e) => e.metric === 'explained_by')).toBe(false)
    expect(next?.confidence ?? 0).toBeLessThan(top!.confidence)
  }, 120_000)

  // Seed 81's proxy sent the headers at once and held the tokens: every region's network time
  // rose about 1 ms, which the near region (TTFT 35 ms) read as 4 % of its TTFT, and
  // network.high_rtt for us-east-1 came first (0.96) over the proxy (0.95) (ADR 0541).
  it("names the proxy, not the near region's round trips, when every region's network time rose alike (proxy-stream-buffering, seed 81)", async () => {
    const { result } = await diagnoseScenario('proxy-stream-buffering', 81)
    const findings = result.diagnosis.findings
    expect(findings[0]!.cause).toBe('proxy.stream_buffering')
    expect(findings.map((f) => f.cause)).not.toContain('network.high_rtt')
  }, 120_000)
})
