/**
 * The engine's named thresholds, each with why it has its value. Thresholds that belong to one
 * cause's evidence stay in that cause's record; these are the ones the engine and its shared
 * facts use.
 */

/** Findings under this confidence are not reported: below it, the grid's top answers were
 * right less often than "healthy" would have been. */
export const MIN_CONFIDENCE = 0.3
/** Fewer requests than this cannot support any finding: a P99 needs a hundred values to mean
 * anything, and 30 is where a median difference first becomes testable. */
export const MIN_REQUESTS = 30
/** At most this many findings are reported: the person on call reads three, five gives room for
 * a pair of faults and their mechanisms. */
export const MAX_FINDINGS = 5
/** The excess scan works on a deterministic sample of at most this many requests: its medians
 * and change points settle well before that, and its cost is linear in requests. */
export const SCAN_SAMPLE = 40_000
/** What is left of a finding whose scope is a standing condition: it may still rank if nothing
 * else explains the window, but never above a change. */
export const STANDING_FACTOR = 0.2
/** The requests outside a standing condition "got slower" in a finding's window when their P99
 * there is at least this many times their P99 outside it: the same least difference a standing
 * condition itself must show (detect/standing.ts), so the two tests read "a difference" alike. */
export const STANDING_REST_CHANGE = 1.2
/** Requests the rest needs inside and outside the window for its P99 to count. */
export const STANDING_REST_MIN = 50
/** `healthy` is never more certain than this when checks were skipped or time is unexplained:
 * what could not be checked cannot be called fine. */
export const HEALTHY_CAP_WHEN_BLIND = 0.5
/** Share of a typical TTFT covered by no span above which "healthy" is capped: a third of the
 * first token's time could hide any cause. */
export const UNCOVERED_BLIND_SHARE = 0.3
/** Confidence of a change at the end of the data named by its mechanism (ADR 0260): under the 0.5
 * a calibrated finding starts at (explain/calibration.ts), since no record weighed it, and above
 * {@link MIN_CONFIDENCE}, since the data shows the change beyond its own history. */
export const END_CHANGE_CONFIDENCE = 0.4

/** A cause whose rule and excess agree gains this share of the weaker side: two independent
 * lines of evidence for the same cause are stronger than either. */
export const AGREEMENT_BONUS = 0.15
/** Agreement never makes a cause certain: the grid's 0.9+ answers are right 97 %, not 100 %. */
export const MAX_AGREED = 0.99

/** A decode anomaly whose outputs are this much longer per request is long generations. */
export const LONG_OUTPUT_RATIO = 1.5
/** A workload shift whose prompts are this much longer per request is long prompts. */
export const LONG_PROMPT_RATIO = 1.4
/** Requests per step this much above outside the window is "more requests came". */
export const RATE_RISE = 1.15
/** A scope whose per-token prefill and decode is less than this much slower only waits longer
 * (load, not degradation). */
export const QUEUE_ONLY_SERVICE = 1.15

/** TPOT explains the longest gap only when its anomaly is at least this significant (robust z)… */
export const TPOT_MOVED_Z = 4
/** …and moved by at least this share of its baseline: a gap spans a few tokens at most. */
export const TPOT_MOVED_SHARE = 0.1
/** A second stage carrying at least this share of the stage excess is read as its own fact
 * (faults come in pairs: handshakes and a cache miss in the same minutes). */
export const SECOND_STAGE_SHARE = 0.25

/** A change is worth naming from adding this share of the typical TTFT of the requests that pay
 * it, and fully at the second (ADRs 0189, 0191, 0233): a wait that adds 1 % to the first token is
 * noted by its owner, not an incident, however certain it is over thousands of requests. */
export const WORTH_NAMING_SHARE_LO = 0.01
export const WORTH_NAMING_SHARE_HI = 0.04
