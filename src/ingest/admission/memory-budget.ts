/**
 * One memory budget (`ingest.memoryLimitBytes`) split between the parts that hold memory, so that
 * they cannot together pass it (ADR 0130):
 *
 * ```
 * budget ─┬─ 25 % DuckDB memory_limit   (its cache and the rows written since the last checkpoint)
 *         │      checkpoint every budget/16 of WAL (16–256 MiB): those rows take ~1.3× the WAL
 *         ├─ ≤ 12.5 % write queue bytes  (decoded batches waiting for the writer)
 *         ├─ ≤ 1/64 bodies in flight     (read and decoded, not yet queued)
 *         ├─ 1/8 spans held for assembly (up to 2 × maxHeldSpans, ~640 B each in the V8 heap)
 *         └─ the rest: the rest of the V8 heap, sockets, allocator slack
 * soft limit = 80 % of the budget: above it the memory limiter refuses and asks for a checkpoint
 * ```
 *
 * Without the split DuckDB's own limit was 80 % of the host's RAM: its rows since the last
 * checkpoint and its cache of checkpointed blocks grew with the data, held the resident set above
 * the limiter's soft limit, and shrank only at a checkpoint that only more writes would trigger,
 * so the limiter refused nearly everything (goodput 0.11× capacity at 10× overload).
 *
 * The parts must fit under the soft limit together with what none of them counts: at 1 GiB the
 * server's resident set under overload was its V8 heap (125–370 MiB reserved) plus DuckDB's count
 * plus 226–473 MiB of neither (the decode worker, allocator pages not yet returned, code). With
 * DuckDB at 40 % (410 MiB) its count rose to the limit between checkpoints, the resident set sat at
 * the soft limit, and the memory limiter refused 8,993 batches in 10 minutes, more in the last
 * minutes than the first (ADR 0270).
 */

/** What each part may hold, in bytes; 0 for a part means "no cap from the budget". */
export interface MemoryBudgetSplit {
  /** DuckDB `memory_limit` (0: DuckDB's default). */
  duckDbBytes: number
  /** DuckDB `checkpoint_threshold` (0: the store's default). */
  checkpointBytes: number
  /** Cap on `ingest.maxQueueBytes`. */
  queueBytes: number
  /** Cap on `ingest.maxInFlightBytes`. */
  inFlightBytes: number
  /**
   * Default `maxHeldSpans` (0: the pipeline's own default): the assembler holds up to twice it
   * before it lets spans go, so 1/8 of the budget / (2 × 640 B) = 104,857 spans at 1 GiB
   * (the 100,000 of ADR 0256 measured there); new batches are refused from 1.5 × it (ADR 0265).
   */
  heldSpans: number
}

const MiB = 1024 * 1024
/** DuckDB's share of the budget. */
const DUCKDB_SHARE = 0.25
/** WAL size between checkpoints, as a share of the budget, and its bounds. */
const CHECKPOINT_SHARE = 1 / 16
const MIN_CHECKPOINT_BYTES = 16 * MiB
const MAX_CHECKPOINT_BYTES = 256 * MiB
const QUEUE_SHARE = 1 / 8
const IN_FLIGHT_SHARE = 1 / 64
const HELD_SHARE = 1 / 8
/** V8 heap per decoded span held for assembly (its object, ids, attributes; resource shared). */
const HELD_SPAN_BYTES = 640
/** Fewest spans held, so a small budget still assembles traces from memory. */
const MIN_HELD_SPANS = 10_000

/** The split of `budgetBytes`; a budget of 0 (no limit) caps nothing. */
export function splitMemoryBudget(budgetBytes: number): MemoryBudgetSplit {
  if (!(budgetBytes > 0)) {
    return { duckDbBytes: 0, checkpointBytes: 0, queueBytes: 0, inFlightBytes: 0, heldSpans: 0 }
  }
  const checkpoint = Math.min(
    MAX_CHECKPOINT_BYTES,
    Math.max(MIN_CHECKPOINT_BYTES, budgetBytes * CHECKPOINT_SHARE)
  )
  return {
    duckDbBytes: Math.floor(budgetBytes * DUCKDB_SHARE),
    checkpointBytes: Math.floor(checkpoint),
    queueBytes: Math.floor(budgetBytes * QUEUE_SHARE),
    inFlightBytes: Math.max(MiB, Math.floor(budgetBytes * IN_FLIGHT_SHARE)),
    heldSpans: Math.max(
      MIN_HELD_SPANS,
      Math.floor((budgetBytes * HELD_SHARE) / (2 * HELD_SPAN_BYTES))
    ),
  }
}

/** `configured` capped by a part of the budget (a cap of 0 leaves it). */
export function capBy(configured: number, cap: number): number {
  return cap > 0 ? Math.min(configured, cap) : configured
}
