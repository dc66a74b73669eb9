/**
 * The stored requests of one window as the twin reads them: one row per LLM call that has the
 * engine stages it needs, with its place on the engine's clock rebuilt from its stage durations.
 *
 * ```
 * start ── pre ──► queued ── queue ──► scheduled ── prefill ──► first token ── decode ──► engine end
 *   │<──────────────────────────── ttft ─────────────────────────────────►│ (+ the way back)
 * ```
 *
 * `pre` (everything before the engine queue: client, network, gateway, engine frontend) is
 * `ttft − queue − prefill − network/2`: the stored spans give durations, not the engine span's
 * start, and half the network time is the first chunk's way back to the client.
 */
import type { RequestColumns, RequestField } from '../../core/model/query.js'

/** The fields the twin reads from a store's columnar scan. */
export const TWIN_FIELDS: readonly RequestField[] = [
  'start',
  'ttft',
  'tpot',
  'e2e',
  'network',
  'client.dns',
  'client.connect',
  'client.tls',
  'client.send',
  'engine.queue',
  'engine.prefill',
  'engine.decode',
  'input_tokens',
  'output_tokens',
  'cached_tokens',
  'replica',
  'tenant',
  'route',
  'region',
  'node',
  'version',
]

/** One window's requests, struct-of-arrays, in start order. Times are epoch µs, durations µs. */
export interface ObservedRequests {
  n: number
  startUs: Float64Array
  /** Engine queue entry (rebuilt, see the file header). */
  queuedUs: Float64Array
  /**
   * When the request reached the gateway, where a router chooses its replica: the start plus the
   * client's own stages and half the network, at most `queuedUs`; the start when none is stored.
   */
  routedUs?: Float64Array
  queueUs: Float64Array
  prefillUs: Float64Array
  decodeUs: Float64Array
  ttftUs: Float64Array
  tpotUs: Float64Array
  e2eUs: Float64Array
  promptTokens: Float64Array
  /** NaN when the data does not say (vLLM's spans carry no cached-token count). */
  cachedTokens: Float64Array
  outputTokens: Float64Array
  /** Index into `replicas`. */
  replica: Int32Array
  replicas: string[]
  tenant: Int32Array
  tenants: string[]
  region: Int32Array
  regions: string[]
  route: Int32Array
  routes: string[]
  node: Int32Array
  nodes: string[]
  version: Int32Array
  versions: string[]
  /** Requests of the window the twin could not use, with the first reason. */
  dropped: { total: number; reasons: Record<string, number> }
}

type TextField = 'replica' | 'tenant' | 'route' | 'region' | 'node' | 'version'

function textColumn(
  columns: RequestColumns,
  field: TextField
): { codes: Int32Array; values: string[] } {
  const col = columns.texts[field]
  return col ?? { codes: new Int32Array(columns.n).fill(-1), values: [] }
}

function numberColumn(columns: RequestColumns, field: RequestField): Float64Array {
  const col = columns.numbers[field as keyof RequestColumns['numbers']]
  return col ?? new Float64Array(columns.n).fill(NaN)
}

/** Keeps the requests with engine stages, token counts and a replica; counts the others by reason. */
export function observedFromColumns(columns: RequestColumns): ObservedRequests {
  const start = numberColumn(columns, 'start')
  const ttft = numberColumn(columns, 'ttft')
  const tpot = numberColumn(columns, 'tpot')
  const e2e = numberColumn(columns, 'e2e')
  const network = numberColumn(columns, 'network')
  const clientStages = (['client.dns', 'client.connect', 'client.tls', 'client.send'] as const).map(
    (f) => numberColumn(columns, f)
  )
  const queue = numberColumn(columns, 'engine.queue')
  const prefill = numberColumn(columns, 'engine.prefill')
  const decode = numberColumn(columns, 'engine.decode')
  const input = numberColumn(columns, 'input_tokens')
  const cached = numberColumn(columns, 'cached_tokens')
  const output = numberColumn(columns, 'output_tokens')
  const replica = textColumn(columns, 'replica')
  const reasons: Record<string, number> = {}
  // The kept rows' indices in a typed array and plain loops below: at 1M rows the per-row
  // callbacks of `Float64Array.from` / `forEach` and a `Map` per text column were the largest
  // part of reading the window outside the store (ADR 0444).
  const keep = new Int32Array(columns.n)
  let n = 0
  for (let i = 0; i < columns.n; i++) {
    const why =
      !(queue[i]! >= 0) || !(prefill[i]! >= 0) || !(decode[i]! >= 0)
        ? 'no engine queue/prefill/decode stages'
        : !(input[i]! > 0) || !(output[i]! > 0)
          ? 'no token counts'
          : !(ttft[i]! >= 0) || !(e2e[i]! >= 0)
            ? 'no ttft or e2e'
            : replica.codes[i]! < 0
              ? 'no replica'
              : null
    if (why === null) {
      keep[n++] = i
    } else {
      reasons[why] = (reasons[why] ?? 0) + 1
    }
  }
  // Every row kept (a window of engine-traced requests, as most are): the scan's columns are
  // taken as they are, where each was copied whole into an equal array; nothing else holds the
  // scan's columns, and nothing writes into the twin's (ADR 0499).
  const all = n === columns.n
  const pick = (src: Float64Array): Float64Array => {
    if (all) {
      return src
    }
    const out = new Float64Array(n)
    for (let k = 0; k < n; k++) {
      out[k] = src[keep[k]!]!
    }
    return out
  }
  /** Codes renumbered in order of first use among the kept rows, through a table by old code. */
  const recode = (field: TextField): { codes: Int32Array; values: string[] } => {
    const col = textColumn(columns, field)
    const index = new Int32Array(col.values.length).fill(-1)
    const values: string[] = []
    const codes = new Int32Array(n)
    for (let k = 0; k < n; k++) {
      const c = col.codes[keep[k]!]!
      if (c < 0) {
        codes[k] = -1
        continue
      }
      let m = index[c]!
      if (m < 0) {
        m = values.length
        index[c] = m
        values.push(col.values[c]!)
      }
      codes[k] = m
    }
    return { codes, values }
  }
  const queuedUs = new Float64Array(n)
  const routedUs = new Float64Array(n)
  for (let k = 0; k < n; k++) {
    const i = keep[k]!
    const net = network[i]!
    const halfNet = net === net ? net / 2 : 0
    const pre = ttft[i]! - queue[i]! - prefill[i]! - halfNet
    queuedUs[k] = start[i]! + Math.max(0, pre)
    // The way in: what the client spent before sending and half the network.
    let wayIn = halfNet
    for (const c of clientStages) {
      const v = c[i]!
      wayIn += v === v ? v : 0
    }
    routedUs[k] = Math.min(queuedUs[k]!, start[i]! + wayIn)
  }
  const rep = recode('replica')
  const ten = recode('tenant')
  const reg = recode('region')
  const rou = recode('route')
  const nod = recode('node')
  const ver = recode('version')
  return {
    n,
    startUs: pick(start),
    queuedUs,
    routedUs,
    queueUs: pick(queue),
    prefillUs: pick(prefill),
    decodeUs: pick(decode),
    ttftUs: pick(ttft),
    tpotUs: pick(tpot),
    e2eUs: pick(e2e),
    promptTokens: pick(input),
    cachedTokens: pick(cached),
    outputTokens: pick(output),
    replica: rep.codes,
    replicas: rep.values,
    tenant: ten.codes,
    tenants: ten.values,
    region: reg.codes,
    regions: reg.values,
    route: rou.codes,
    routes: rou.values,
    node: nod.codes,
    nodes: nod.values,
    version: ver.codes,
    versions: ver.values,
    dropped: { total: columns.n - n, reasons },
  }
}
