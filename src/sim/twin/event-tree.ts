/**
 * The replicas' pending events, at most one a replica (ADR 0502), in a winner tree over the
 * replica slots (ADR 0525): each inner node holds the slot of the lesser of its two children, so
 * the least event is at the root and setting or clearing a slot replays the matches on its path
 * only, one compare a level (5 for 32 replicas), with no entries moved and no places kept up.
 *
 * Entries are ordered by instant, then `seq`, as the engine's binary heap ordered them; `seq` is
 * distinct for every event set, so the order is total and the tree pops what the heap popped,
 * ties included. An empty slot is (Infinity, Infinity): after every event, even one at Infinity.
 * A NaN instant orders nothing (where the heap put one depended on its layout), so `set` refuses
 * it.
 */
export class SlotTree {
  private readonly timeUs: Float64Array
  private readonly seq: Float64Array
  /** Inner node k (1 ≤ k < leaves) holds the winning slot of nodes 2k and 2k + 1. */
  private readonly win: Int32Array
  private readonly leaves: number

  constructor(slots: number) {
    let leaves = 2
    while (leaves < slots) {
      leaves *= 2
    }
    this.leaves = leaves
    this.timeUs = new Float64Array(leaves).fill(Infinity)
    this.seq = new Float64Array(leaves).fill(Infinity)
    this.win = new Int32Array(leaves)
    for (let k = leaves - 1; k >= 1; k--) {
      this.win[k] = 2 * k >= leaves ? 2 * k - leaves : this.win[2 * k]!
    }
  }

  /** The slot of the least event, −1 when none is pending. */
  top(): number {
    const s = this.win[1]!
    return this.seq[s] === Infinity ? -1 : s
  }

  set(slot: number, timeUs: number, seq: number): void {
    if (timeUs !== timeUs) {
      throw new Error(`replica ${slot}: an event at a NaN instant has no place in the order`)
    }
    this.timeUs[slot] = timeUs
    this.seq[slot] = seq
    this.replay(slot)
  }

  clear(slot: number): void {
    this.timeUs[slot] = Infinity
    this.seq[slot] = Infinity
    this.replay(slot)
  }

  private replay(slot: number): void {
    const t = this.timeUs
    const q = this.seq
    const win = this.win
    const leaves = this.leaves
    // The first match is between two leaves, the others between the winner carried up and the
    // winner kept at the sibling node.
    let a = slot & ~1
    let b = a + 1
    let w = t[a]! < t[b]! || (t[a] === t[b] && q[a]! < q[b]!) ? a : b
    let k = (leaves + slot) >> 1
    win[k] = w
    while (k > 1) {
      b = win[k ^ 1]!
      a = w
      w = t[a]! < t[b]! || (t[a] === t[b] && q[a]! < q[b]!) ? a : b
      k >>= 1
      win[k] = w
    }
  }
}
