/**
 * A window's request columns kept from one diagnosis read for the next one (ADR 0257). After a
 * commit that wrote a known span of times inside the window, the rows of the rest of the window
 * are what the store would return again, but for the sample's rate: more requests in the window
 * keep fewer hash buckets (ADR 0100), and the rows whose bucket fell out are dropped by their
 * kept bucket number (`SAMPLE_BUCKETS` when every request was read). So the next read is the rows of the written span at the new rate, spliced
 * in start order between the kept rows before and after it: the same columns, row for row, as a
 * read of the whole window.
 */
import {
  type RequestColumns,
  type RequestFlagField,
  type RequestNumberField,
  type RequestTextField,
  type TextColumn,
} from '../../model/query.js'

export interface KeptRead {
  /** Rows in start order (ties by trace id), each with its hash bucket (`buckets`). */
  columns: RequestColumns & { buckets: Int32Array }
  /** Hash buckets the rows were kept under: `SAMPLE_BUCKETS` when every request was read. */
  kept: number
}

/** First index whose start is at or after `t` (starts ascending). */
function lowerBound(starts: Float64Array, t: number): number {
  let lo = 0
  let hi = starts.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((starts[mid] as number) < t) {
      lo = mid + 1
    } else {
      hi = mid
    }
  }
  return lo
}

/**
 * The kept rows outside `[fromUs, toUs)` whose bucket is under `kept`, with `block` (the rows of
 * that span read at `kept`, with their buckets) in their place. `total` is the window's count.
 */
export function spliceRead(
  previous: KeptRead,
  block: RequestColumns & { buckets: Int32Array },
  span: { fromUs: number; toUs: number },
  kept: number,
  total: number
): KeptRead {
  const old = previous.columns
  const starts = old.numbers.start
  if (starts === undefined) {
    throw new Error('a kept read needs its start column')
  }
  const at = lowerBound(starts, span.fromUs)
  const after = lowerBound(starts, span.toUs)
  // Row sources in output order: kept rows before the span, the block, kept rows after it.
  const before: number[] = []
  const rest: number[] = []
  const thin = kept < previous.kept
  for (let i = 0; i < old.n; i++) {
    if (i >= at && i < after) {
      i = after - 1
      continue
    }
    if (thin && (old.buckets[i] as number) >= kept) {
      continue
    }
    ;(i < at ? before : rest).push(i)
  }
  const n = before.length + block.n + rest.length
  const copy = <A extends Float64Array | Int8Array | Int32Array>(
    make: (n: number) => A,
    from: A | undefined,
    fromBlock: A | undefined,
    missing: number
  ): A => {
    const out = make(n)
    let o = 0
    for (const i of before) {
      out[o++] = from === undefined ? missing : (from[i] as number)
    }
    for (let j = 0; j < block.n; j++) {
      out[o++] = fromBlock === undefined ? missing : (fromBlock[j] as number)
    }
    for (const i of rest) {
      out[o++] = from === undefined ? missing : (from[i] as number)
    }
    return out
  }
  const columns: KeptRead['columns'] = {
    n,
    total,
    buckets: copy((k) => new Int32Array(k), old.buckets, block.buckets, 0),
    numbers: {},
    flags: {},
    texts: {},
  }
  const numbers = new Set([...Object.keys(old.numbers), ...Object.keys(block.numbers)])
  for (const f of numbers as Set<RequestNumberField>) {
    columns.numbers[f] = copy((k) => new Float64Array(k), old.numbers[f], block.numbers[f], NaN)
  }
  const flags = new Set([...Object.keys(old.flags), ...Object.keys(block.flags)])
  for (const f of flags as Set<RequestFlagField>) {
    columns.flags[f] = copy((k) => new Int8Array(k), old.flags[f], block.flags[f], -1)
  }
  const texts = new Set([...Object.keys(old.texts), ...Object.keys(block.texts)])
  for (const f of texts as Set<RequestTextField>) {
    columns.texts[f] = mergeText(old.texts[f], block.texts[f], copy)
  }
  return { columns, kept }
}

/**
 * One dictionary for both parts: the kept values, then the block's new ones. Values no row uses
 * any more may stay; the frame renumbers by first appearance and drops them.
 */
function mergeText(
  old: TextColumn | undefined,
  block: TextColumn | undefined,
  copy: (
    make: (n: number) => Int32Array,
    from: Int32Array | undefined,
    fromBlock: Int32Array | undefined,
    missing: number
  ) => Int32Array
): TextColumn {
  const values = [...(old?.values ?? [])]
  const index = new Map(values.map((v, i) => [v, i]))
  let codes = block?.codes
  if (block !== undefined) {
    const remap = block.values.map((v) => {
      let code = index.get(v)
      if (code === undefined) {
        code = values.length
        index.set(v, code)
        values.push(v)
      }
      return code
    })
    codes = block.codes.map((c) => (c < 0 ? -1 : (remap[c] as number)))
  }
  return { codes: copy((k) => new Int32Array(k), old?.codes, codes, -1), values }
}
