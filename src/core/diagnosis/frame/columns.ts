/**
 * The categorical columns concentration runs over: the request dimensions plus derived ones
 * (prompt/output length buckets, connection reuse, TLS resumption, status, error type and the
 * replica's age since it was first seen).
 */
import type { CategoricalColumn } from '../../concentration/find-concentration.js'
import { DIMENSIONS } from '../../model/request.js'
import type { RequestFrame } from './frame.js'

const PROMPT_BOUNDS = [128, 512, 2048, 8192, 32768]
const OUTPUT_BOUNDS = [64, 256, 1024, 4096]
/** Replica age buckets in minutes since first seen. */
const AGE_BOUNDS_MIN = [5, 15]

function boundLabels(bounds: readonly number[], unit: string): string[] {
  const fmt = (v: number): string => (v >= 1024 && v % 1024 === 0 ? `${v / 1024}k` : String(v))
  const labels = [`<${fmt(bounds[0] as number)}${unit}`]
  for (let i = 1; i < bounds.length; i++) {
    labels.push(`${fmt(bounds[i - 1] as number)}-${fmt(bounds[i] as number)}${unit}`)
  }
  labels.push(`>=${fmt(bounds[bounds.length - 1] as number)}${unit}`)
  return labels
}

function bucketColumn(
  dimension: string,
  values: Float64Array,
  bounds: readonly number[],
  unit: string
): CategoricalColumn {
  const codes = new Int32Array(values.length).fill(-1)
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (v === v) {
      let b = 0
      while (b < bounds.length && v >= (bounds[b] as number)) {
        b++
      }
      codes[i] = b
    }
  }
  return { dimension, codes, values: boundLabels(bounds, unit) }
}

function triColumn(dimension: string, values: Int8Array): CategoricalColumn {
  const codes = new Int32Array(values.length)
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    codes[i] = v < 0 ? -1 : v
  }
  return { dimension, codes, values: ['false', 'true'] }
}

function numberColumn(dimension: string, values: Float64Array): CategoricalColumn {
  const index = new Map<number, number>()
  const labels: string[] = []
  const codes = new Int32Array(values.length).fill(-1)
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (v === v) {
      let code = index.get(v)
      if (code === undefined) {
        code = labels.length
        index.set(v, code)
        labels.push(String(v))
      }
      codes[i] = code
    }
  }
  return { dimension, codes, values: labels }
}

/**
 * Replica age column: 'established' for replicas already serving within `graceUs` of the window
 * start (their start is unknown), else minutes since first seen, bucketed.
 */
function ageColumn(frame: RequestFrame, young: ReadonlyMap<string, number>): CategoricalColumn {
  const col = frame.dims.replica
  const labels = [...boundLabels(AGE_BOUNDS_MIN, 'm'), 'established']
  const firstByCode = col.values.map((v) => young.get(v) ?? NaN)
  const codes = new Int32Array(frame.n).fill(-1)
  for (let i = 0; i < frame.n; i++) {
    const c = col.codes[i] as number
    if (c < 0) {
      continue
    }
    const first = firstByCode[c] as number
    if (first !== first) {
      codes[i] = labels.length - 1
      continue
    }
    const ageMin = ((frame.startUs[i] as number) - first) / 60_000_000
    let b = 0
    while (b < AGE_BOUNDS_MIN.length && ageMin >= (AGE_BOUNDS_MIN[b] as number)) {
      b++
    }
    codes[i] = b
  }
  return { dimension: 'replica_age', codes, values: labels }
}

/** All columns concentration looks at, dimensions first. */
export function buildColumns(
  frame: RequestFrame,
  young: ReadonlyMap<string, number>
): CategoricalColumn[] {
  const columns: CategoricalColumn[] = DIMENSIONS.map((d) => ({
    dimension: d,
    codes: frame.dims[d].codes,
    values: frame.dims[d].values,
  }))
  columns.push(bucketColumn('prompt_length', frame.inputTokens, PROMPT_BOUNDS, ' tokens'))
  columns.push(bucketColumn('output_length', frame.outputTokens, OUTPUT_BOUNDS, ' tokens'))
  columns.push(triColumn('connection_reused', frame.connectionReused))
  columns.push(triColumn('tls_resumed', frame.tlsResumed))
  columns.push(numberColumn('status', frame.status))
  columns.push({
    dimension: 'error_type',
    codes: frame.errorType.codes,
    values: frame.errorType.values,
  })
  columns.push(ageColumn(frame, young))
  return columns
}

/** "<5m" → "under 5", "5-15m" → "5 to 15", ">=15m" → "15 or more" (unit suffix removed). */
function rangeWords(label: string, unit: string): string {
  const bare = label.endsWith(unit) ? label.slice(0, label.length - unit.length) : label
  if (bare.startsWith('<')) {
    return `under ${bare.slice(1)}`
  }
  if (bare.startsWith('>=')) {
    return `${bare.slice(2)} or more`
  }
  return bare.replace('-', ' to ')
}

const DIMENSION_WORDS: Record<string, (value: string) => string> = {
  model: (v) => `requests for model ${v}`,
  version: (v) => `requests served by version ${v}`,
  replica: (v) => `requests on replica ${v}`,
  node: (v) => `requests on node ${v}`,
  tenant: (v) => `requests from tenant ${v}`,
  route: (v) => `requests to route ${v}`,
  region: (v) => `requests from region ${v}`,
  gateway: (v) => `requests through gateway ${v}`,
  prompt_length: (v) => `requests with prompts of ${rangeWords(v, ' tokens')} tokens`,
  output_length: (v) => `requests with outputs of ${rangeWords(v, ' tokens')} tokens`,
  connection_reused: (v) =>
    v === 'true' ? 'requests on a reused connection' : 'requests that opened a new connection',
  tls_resumed: (v) =>
    v === 'true'
      ? 'requests that resumed a TLS session'
      : 'requests with a full TLS handshake (no session resumption)',
  status: (v) => `requests answered with status ${v}`,
  error_type: (v) => `requests that failed with ${v}`,
  replica_age: (v) =>
    v === 'established'
      ? 'requests to replicas already serving when the window began'
      : `requests to a new replica ${rangeWords(v, 'm')} minutes after its first request`,
}

/**
 * A column value in plain words for the person on call: `replica_age=<5m` → "requests to a new
 * replica under 5 minutes after its first request". Unknown columns keep `dimension=value`.
 */
export function describeColumnValue(dimension: string, value: string): string {
  return DIMENSION_WORDS[dimension]?.(value) ?? `requests with ${dimension}=${value}`
}
