/**
 * The batch cap read from a vLLM's own gauges (ADR 0315), through the real path: Prometheus text
 * as a vLLM serves it, parsed as a scrape parses it, stored, loaded as the twin loads a window.
 * The scrapes are the captured `/metrics` of a real vLLM (test/fixtures/real-vllm) with the
 * scheduler's three gauges set per scrape; the recorded real stack's scrapes are read as they are.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Micros } from '../../src/core/model/units.js'
import { parsePrometheusText } from '../../src/core/prom/parse.js'
import { importPaths } from '../../src/ingest/import/import.js'
import { agreeingCaps, inferCap, MIN_PINNED_SCRAPES } from '../../src/sim/twin/cap-inference.js'
import { loadTwinWindow } from '../../src/sim/twin/load.js'
import { memoryIngest } from '../../src/cli/import-to-memory.js'

const FIX = join(import.meta.dirname, '../fixtures')
const CAPTURE = readFileSync(join(FIX, 'real-vllm/vllm-metrics-after-load.txt'), 'utf8')
const T0_US = 1_796_151_700_000_000
const SCRAPE_US = 15_000_000

interface Scrape {
  running: number
  waiting: number
  /** `null`: the scrape carries no KV-usage gauge (a replica that does not export it). */
  kv: number | null
  preemptions?: number
}

/** The captured exposition with the scheduler's gauges set to this scrape's values. */
function exposition(s: Scrape): string {
  const set = (text: string, name: string, value: number): string => {
    const re = new RegExp(`^(${name}\\{engine="0",model_name="tiny-llama"\\}) \\S+$`, 'm')
    expect(re.test(text), name).toBe(true)
    return text.replace(re, `$1 ${value}`)
  }
  let text = set(CAPTURE, 'vllm:num_requests_running', s.running)
  text = set(text, 'vllm:num_requests_waiting', s.waiting)
  text =
    s.kv === null
      ? text.replace(/^vllm:kv_cache_usage_perc\{.*\n/m, '')
      : set(text, 'vllm:kv_cache_usage_perc', s.kv)
  return set(text, 'vllm:num_preemptions_total', s.preemptions ?? 0)
}

/** Each replica's scrapes, 15 s apart, stored as a scrape stores them; the loaded window's metrics. */
async function scraped(replicas: Record<string, Scrape[]>) {
  const { store, sink } = memoryIngest()
  let n = 0
  for (const [pod, scrapes] of Object.entries(replicas)) {
    for (const [k, s] of scrapes.entries()) {
      const parsed = parsePrometheusText(exposition(s), {
        defaultTimeUs: (T0_US + k * SCRAPE_US) as Micros,
        extraLabels: { instance: `${pod}:8000`, job: 'vllm', pod },
      })
      await sink.submitMetrics(parsed.samples, k === 0 ? parsed.families : [])
    }
    n = Math.max(n, scrapes.length)
  }
  await sink.close()
  const w = await loadTwinWindow(store, { fromUs: T0_US, toUs: T0_US + n * SCRAPE_US })
  return w.metrics
}

const quiet = (running: number): Scrape => ({ running, waiting: 0, kv: 0.3 })
const queued = (running: number, waiting: number, kv: number | null = 0.6): Scrape => ({
  running,
  waiting,
  kv,
})

describe('the cap read from the running and waiting gauges (ADR 0315)', () => {
  it('reads the count the running set stood at while requests waited', async () => {
    const m = await scraped({
      'vllm-0': [quiet(9), queued(24, 3), queued(24, 5), queued(23, 1), queued(24, 2), quiet(12)],
    })
    const c = inferCap('vllm-0', m.get('vllm-0'), null)
    expect(c.value).toBe(24)
    expect(c.evidence).toMatchObject({
      replica: 'vllm-0',
      scrapes: 6,
      waitingScrapes: 4,
      kvBoundScrapes: 0,
      noKvScrapes: 0,
      value: 24,
      pinnedScrapes: 3,
      runningPeak: 24,
    })
    expect(c.reason).toMatch(/pinned at 24 on 3 of 4 scrapes/)
  })

  it('reads none when nothing waited: the most that ran is a lower bound', async () => {
    const m = await scraped({ 'vllm-0': [quiet(9), quiet(24), quiet(24), quiet(17)] })
    const c = inferCap('vllm-0', m.get('vllm-0'), null)
    expect(c.value).toBeNull()
    expect(c.evidence.runningPeak).toBe(24)
    expect(c.reason).toMatch(/no request waited on 4 scrapes/)
  })

  it('reads none when the KV pool was full while they waited', async () => {
    const full = [quiet(9), queued(14, 3, 0.99), queued(14, 6, 0.98), queued(13, 2, 0.99)]
    const c = inferCap('vllm-0', (await scraped({ 'vllm-0': full })).get('vllm-0'), null)
    expect(c.value).toBeNull()
    expect(c.evidence.kvBoundScrapes).toBe(3)
    // With the cache's size known, the free share the longest prompt needs decides: 10 % here.
    const roomy = [quiet(9), queued(14, 3, 0.85), queued(14, 6, 0.85)]
    const m = await scraped({ 'vllm-0': roomy })
    expect(inferCap('vllm-0', m.get('vllm-0'), 0.1).value).toBe(14)
    expect(inferCap('vllm-0', m.get('vllm-0'), 0.2).value).toBeNull()
  })

  it('reads none where a preemption says the KV pool bound', async () => {
    const s = [quiet(9), queued(14, 3), { ...queued(14, 6), preemptions: 2 }]
    s[1]!.preemptions = 1
    s[2]!.preemptions = 2
    const c = inferCap('vllm-0', (await scraped({ 'vllm-0': s })).get('vllm-0'), null)
    expect(c.value).toBeNull()
    expect(c.evidence.kvBoundScrapes).toBe(2)
  })

  it('reads none where no KV-usage reading says the pool had room (ADR 0327)', async () => {
    // The same queue as the first case, from a replica that exports no KV gauge: no reading is
    // not room in the pool, so the scrapes that waited say nothing of a cap.
    const unread = [quiet(9), queued(24, 3, null), queued(24, 5, null), queued(23, 1, null)]
    let c = inferCap('vllm-0', (await scraped({ 'vllm-0': unread })).get('vllm-0'), null)
    expect(c.value).toBeNull()
    expect(c.candidate).toBeNull()
    expect(c.evidence).toMatchObject({ waitingScrapes: 3, kvBoundScrapes: 0, noKvScrapes: 3 })
    expect(c.reason).toMatch(/no KV-usage reading on 3 of the 3 scrapes where requests waited/)
    // Some readings lost: the cap stands on the scrapes that had one, and the reason says so.
    const some = [quiet(9), queued(24, 3), queued(24, 5, null), queued(24, 1), queued(24, 2, null)]
    c = inferCap('vllm-0', (await scraped({ 'vllm-0': some })).get('vllm-0'), null)
    expect(c.value).toBe(24)
    expect(c.evidence).toMatchObject({ waitingScrapes: 4, noKvScrapes: 2, pinnedScrapes: 2 })
    expect(c.reason).toMatch(/2 scrapes that waited had no KV-usage reading/)
    // A preemption still says the KV pool bound, reading or none.
    const preempted = [
      quiet(9),
      { ...queued(14, 3, null), preemptions: 1 },
      { ...queued(14, 6, null), preemptions: 1 },
    ]
    c = inferCap('vllm-0', (await scraped({ 'vllm-0': preempted })).get('vllm-0'), null)
    expect(c.evidence).toMatchObject({ kvBoundScrapes: 1, noKvScrapes: 1 })
    expect(c.reason).toMatch(/held them back on the other 1/)
  })

  it('reads none from a single scrape, or where another scrape ran more', async () => {
    const once = [quiet(9), queued(11, 1), quiet(10)]
    expect(MIN_PINNED_SCRAPES).toBeGreaterThan(1)
    let m = await scraped({ 'vllm-0': once })
    expect(inferCap('vllm-0', m.get('vllm-0'), null).value).toBeNull()
    const more = [queued(11, 1), queued(11, 2), quiet(15)]
    m = await scraped({ 'vllm-0': more })
    const c = inferCap('vllm-0', m.get('vllm-0'), null)
    expect(c.value).toBeNull()
    expect(c.reason).toMatch(/a scrape shows 15 running/)
  })

  it('pools the replicas that waited at one count, and reads none where they disagree', async () => {
    const m = await scraped({
      'vllm-0': [quiet(9), queued(24, 2), quiet(20)],
      'vllm-1': [quiet(11), quiet(24), queued(24, 1)],
      'vllm-2': [quiet(7), quiet(12), quiet(15)],
    })
    const one = ['vllm-0', 'vllm-1', 'vllm-2'].map((r) => inferCap(r, m.get(r), null))
    // Alone, each replica has one scrape: not enough.
    expect(one.map((c) => c.value)).toEqual([null, null, null])
    const pooled = agreeingCaps(one)
    expect(pooled.map((c) => c.value)).toEqual([24, 24, null])
    expect(pooled[0]!.reason).toMatch(
      /pinned at 24 on 2 of 2 scrapes .* over 2 replicas \(vllm-0, vllm-1\)/
    )
    const apart = await scraped({
      'vllm-0': [queued(24, 2), queued(24, 1)],
      'vllm-1': [queued(16, 3), queued(16, 1)],
    })
    const both = agreeingCaps(['vllm-0', 'vllm-1'].map((r) => inferCap(r, apart.get(r), null)))
    expect(both.map((c) => c.value)).toEqual([null, null])
    expect(both[0]!.reason).toMatch(/different counts \(vllm-0 24, vllm-1 16\)/)
  })

  it('reads no cap from the real captures and the recorded real stack', async () => {
    // Two single scrapes of a real vLLM: nothing waited.
    for (const file of ['vllm-metrics-after-5-requests.txt', 'vllm-metrics-after-load.txt']) {
      const { store, sink } = memoryIngest()
      const parsed = parsePrometheusText(readFileSync(join(FIX, 'real-vllm', file), 'utf8'), {
        defaultTimeUs: T0_US as Micros,
        extraLabels: { instance: 'vllm-0:8000', job: 'vllm', pod: 'vllm-0' },
      })
      await sink.submitMetrics(parsed.samples, parsed.families)
      await sink.close()
      const w = await loadTwinWindow(store, { fromUs: T0_US, toUs: T0_US + SCRAPE_US })
      const c = inferCap('vllm-0', w.metrics.get('vllm-0'), null)
      expect(c.value, file).toBeNull()
      expect(c.evidence.scrapes, file).toBe(1)
    }
    // The real stack ran its two replicas at --max-num-seqs 4 and never more than 2 at once.
    const { store, sink } = memoryIngest()
    const dir = join(FIX, 'real-stack-metrics')
    const summary = await importPaths(
      readdirSync(dir)
        .filter((f) => f.endsWith('.om'))
        .map((f) => join(dir, f)),
      sink
    )
    await sink.close()
    expect(summary.files.every((f) => f.error === null)).toBe(true)
    const w = await loadTwinWindow(store, { fromUs: 0, toUs: 4_000_000_000_000_000 })
    expect([...w.metrics.keys()].sort()).toEqual(['vllm-0', 'vllm-1'])
    for (const pod of ['vllm-0', 'vllm-1']) {
      const c = inferCap(pod, w.metrics.get(pod), null)
      expect(c.value, pod).toBeNull()
      expect(c.evidence.scrapes, pod).toBe(45)
      expect(c.evidence.waitingScrapes, pod).toBe(0)
      expect(c.evidence.runningPeak, pod).toBe(2)
    }
  })
})
