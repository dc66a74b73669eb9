/**
 * The batch cap (`max_num_seqs`) of an engine that does not export it, read as an SRE reads it
 * from the engine's own gauges (ADR 0315): while `num_requests_waiting` > 0 the scheduler left
 * requests waiting, and when the KV pool had room for them the running set was full, so
 * `num_requests_running` at those scrapes is the cap.
 *
 * ```
 * scrape     1    2    3    4    5    6
 * running    9   24   24   23   24   12
 * waiting    0    3    5    1    2    0     cap 24: pinned on 3 of the 4 scrapes that waited,
 * KV usage  .3   .6   .6   .6   .6   .3     and no scrape ran more
 * ```
 *
 * No cap is read when nothing waited (the peak of `running` alone is a lower bound), when the
 * KV pool was what held the requests back (usage too high for the next prompt, or preemptions),
 * or when the scrapes disagree with one cap (a scrape ran more than the value that waited).
 * A scrape that waited with no KV-usage sample at its time (a replica that exports no KV gauge,
 * or a sample lost) is unknown: no reading is not room in the pool, so it is neither KV-bound
 * nor evidence of a cap (ADR 0327); a preemption at it still says the KV pool bound.
 */

type Point = { timeUs: number; value: number }

/** The gauges of one replica that the inference reads; `null` where the series was not stored. */
export interface CapGauges {
  running: readonly Point[] | null
  waiting: readonly Point[] | null
  kvUsage: readonly Point[] | null
  /** The preemption counter (`vllm:num_preemptions_total`), cumulative. */
  preemptions: readonly Point[] | null
}

/** What one replica's scrapes say about its cap, kept so the answer can show it. */
export interface CapEvidence {
  replica: string
  /** Scrapes with both gauges. */
  scrapes: number
  /** Scrapes where requests waited. */
  waitingScrapes: number
  /** Of those, the ones where the KV pool, not the cap, held them back. */
  kvBoundScrapes: number
  /**
   * Of those, the ones with no KV-usage sample and no preemption: whether the cap or the KV pool
   * held them back is unknown, so they count for neither.
   */
  noKvScrapes: number
  /** The most requests running at a scrape where requests waited and the KV pool had room. */
  value: number | null
  /** Scrapes where requests waited with `value` running: the running set pinned at the cap. */
  pinnedScrapes: number
  /** The most requests running at any scrape. */
  runningPeak: number | null
}

export interface CapInference {
  /** The cap, or `null`: nothing says it. */
  value: number | null
  /**
   * The count requests waited at that no scrape ran past, however few its scrapes: what
   * {@link agreeingCaps} pools across replicas. `null` where the gauges rule a cap out.
   */
  candidate: number | null
  /** Why, in words, with the evidence's figures. */
  reason: string
  evidence: CapEvidence
}

/**
 * Scrapes where requests waited at the cap, fewer than this and no cap is read: one scrape can
 * catch a request between its arrival and the step that admits it (an engine that counts such a
 * request as waiting, like the simulator), while a full running set holds the queue for as long
 * as it lasts and shows the same count on every scrape meanwhile.
 */
export const MIN_PINNED_SCRAPES = 2

/**
 * Where the KV cache's capacity is unknown, the usage at which the KV pool is taken to bind: a
 * vLLM that admits nothing more with 5 % of its blocks free is held by a prompt longer than 5 %
 * of the cache, which the window's prompts say nothing against. With the capacity known the
 * share the next prompt needs is used instead ({@link inferCap}'s `kvNeededShare`).
 */
export const KV_BINDS_USAGE_UNKNOWN_CAPACITY = 0.95

/**
 * Reads the cap of one replica from its gauges. `kvNeededShare` is the share of the KV cache
 * the replica's longest prompt takes (a waiting request needs at least its prompt's blocks free),
 * or `null` when the cache's size is unknown.
 */
export function inferCap(
  replica: string,
  g: CapGauges | undefined,
  kvNeededShare: number | null
): CapInference {
  const evidence: CapEvidence = {
    replica,
    scrapes: 0,
    waitingScrapes: 0,
    kvBoundScrapes: 0,
    noKvScrapes: 0,
    value: null,
    pinnedScrapes: 0,
    runningPeak: null,
  }
  const running = g?.running ?? null
  const waiting = g?.waiting ?? null
  if (running === null || waiting === null || running.length === 0) {
    return { value: null, candidate: null, reason: 'no running/waiting gauges', evidence }
  }
  const waitAt = new Map(waiting.map((p) => [p.timeUs, p.value]))
  const usageAt = new Map((g?.kvUsage ?? []).map((p) => [p.timeUs, p.value]))
  const kvBindsAt = kvBindsUsage(kvNeededShare)
  const preempted = preemptedAt(g?.preemptions ?? null)
  const waited: Point[] = []
  let peak = -Infinity
  for (const p of running) {
    peak = Math.max(peak, p.value)
    const w = waitAt.get(p.timeUs)
    if (w === undefined) {
      continue
    }
    evidence.scrapes++
    if (!(w > 0)) {
      continue
    }
    evidence.waitingScrapes++
    const usage = usageAt.get(p.timeUs)
    if (preempted(p.timeUs) || (usage !== undefined && usage >= kvBindsAt)) {
      evidence.kvBoundScrapes++
      continue
    }
    if (usage === undefined || usage !== usage) {
      evidence.noKvScrapes++
      continue
    }
    waited.push(p)
  }
  evidence.runningPeak = peak
  if (evidence.waitingScrapes === 0) {
    return {
      value: null,
      candidate: null,
      reason: `no request waited on ${evidence.scrapes} scrapes (running at most ${peak}, a lower bound)`,
      evidence,
    }
  }
  if (waited.length === 0) {
    const bound = evidence.kvBoundScrapes
    const unread = evidence.noKvScrapes
    return {
      value: null,
      candidate: null,
      reason:
        unread === 0
          ? `the KV pool held the requests back on all ${evidence.waitingScrapes} scrapes where they waited`
          : `no KV-usage reading on ${unread} of the ${evidence.waitingScrapes} scrapes where requests waited${bound > 0 ? ` (the KV pool held them back on the other ${bound})` : ''}: whether the cap or the KV pool held them is unknown`,
      evidence,
    }
  }
  const value = Math.max(...waited.map((p) => p.value))
  evidence.value = value
  evidence.pinnedScrapes = waited.filter((p) => p.value === value).length
  if (!(value > 0)) {
    return { value: null, candidate: null, reason: 'requests waited with none running', evidence }
  }
  if (peak > value) {
    return {
      value: null,
      candidate: null,
      reason: `requests waited with ${value} running, yet a scrape shows ${peak} running: not a cap`,
      evidence,
    }
  }
  if (evidence.pinnedScrapes < MIN_PINNED_SCRAPES) {
    return {
      value: null,
      candidate: value,
      reason: `requests waited with ${value} running on ${evidence.pinnedScrapes} scrape only${unreadNote(evidence.noKvScrapes)}`,
      evidence,
    }
  }
  return {
    value,
    candidate: value,
    reason: `num_requests_running pinned at ${value} on ${evidence.pinnedScrapes} of ${evidence.waitingScrapes} scrapes where requests waited${unreadNote(evidence.noKvScrapes)}`,
    evidence,
  }
}

/**
 * The replicas' caps, read together: replicas of one deployment share their scheduler's
 * configuration, so scrapes that waited at one count on several replicas are evidence for one
 * cap (at a 15 s scrape interval a short queue shows on one scrape of each), and replicas whose
 * queues stood at different counts say that at least one count is not a cap. A replica whose
 * gauges say nothing is left unknown.
 */
export function agreeingCaps(inferences: readonly CapInference[]): CapInference[] {
  const said = inferences.filter((c) => c.candidate !== null)
  const values = new Set(said.map((c) => c.candidate))
  if (values.size > 1) {
    const counts = said.map((c) => `${c.evidence.replica} ${c.candidate}`).join(', ')
    return inferences.map((c) =>
      c.candidate === null
        ? c
        : {
            value: null,
            candidate: c.candidate,
            reason: `the replicas' queues stood at different counts (${counts})`,
            evidence: c.evidence,
          }
    )
  }
  if (said.length < 2) {
    return [...inferences]
  }
  const cap = said[0]!.candidate!
  const pinned = said.reduce((n, c) => n + c.evidence.pinnedScrapes, 0)
  const waited = said.reduce((n, c) => n + c.evidence.waitingScrapes - c.evidence.kvBoundScrapes, 0)
  const replicas = said.map((c) => c.evidence.replica).join(', ')
  const unread = said.reduce((n, c) => n + c.evidence.noKvScrapes, 0)
  return inferences.map((c) =>
    c.candidate === null
      ? c
      : pinned >= MIN_PINNED_SCRAPES
        ? {
            value: cap,
            candidate: cap,
            reason: `num_requests_running pinned at ${cap} on ${pinned} of ${waited} scrapes where requests waited, over ${said.length} replicas (${replicas})${unreadNote(unread)}`,
            evidence: c.evidence,
          }
        : c
  )
}

/** The scrapes that waited with no KV-usage reading, for a reason's text; '' when none. */
function unreadNote(unread: number): string {
  return unread > 0
    ? `; ${unread} ${unread === 1 ? 'scrape' : 'scrapes'} that waited had no KV-usage reading, counted for neither the cap nor the KV pool`
    : ''
}

function kvBindsUsage(kvNeededShare: number | null): number {
  return kvNeededShare === null ? KV_BINDS_USAGE_UNKNOWN_CAPACITY : 1 - kvNeededShare
}

/** Whether the preemption counter rose between the scrape before `timeUs` and `timeUs`. */
function preemptedAt(points: readonly Point[] | null): (timeUs: number) => boolean {
  const rose = new Set<number>()
  for (let k = 1; k < (points?.length ?? 0); k++) {
    if (points![k]!.value > points![k - 1]!.value) {
      rose.add(points![k]!.timeUs)
    }
  }
  return (timeUs) => rose.has(timeUs)
}
