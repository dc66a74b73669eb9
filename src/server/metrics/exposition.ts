/**
 * Prometheus text 0.0.4 and OpenMetrics 1.0.0 writers for the families `GET /metrics` exposes,
 * and the `Accept` negotiation between them (docs/integrations.md). One family model, two
 * renderings: they differ in the counter name on `# TYPE` (`x_total` against `x`), `# UNIT`,
 * exemplars (OpenMetrics only), the canonical `le` of buckets and the closing `# EOF`.
 */

export type ExpositionFormat = 'prometheus' | 'openmetrics'

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'
export const OPENMETRICS_CONTENT_TYPE = 'application/openmetrics-text; version=1.0.0; charset=utf-8'

/** A trace behind one histogram bucket or counter value (OpenMetrics only). */
export interface Exemplar {
  labels: Readonly<Record<string, string>>
  value: number
}

/** One series of a counter or gauge. */
export interface ScalarSample {
  labels: Readonly<Record<string, string>>
  value: number
}

/** One series of a histogram: bucket counts are per bucket (not cumulative), as observed. */
export interface HistogramSample {
  labels: Readonly<Record<string, string>>
  /** Upper bounds, ascending, without +Inf. */
  bounds: readonly number[]
  /** `bounds.length + 1` counts, the last one for +Inf. */
  counts: readonly number[]
  sum: number
  /** Per bucket, the exemplar last seen in it (or `null`). */
  exemplars?: readonly (Exemplar | null)[]
}

export type MetricFamily =
  | {
      /** Without `_total` for counters (added on output). */
      name: string
      type: 'counter' | 'gauge'
      help: string
      /** OpenMetrics unit; the name must end with `_<unit>`. */
      unit?: string
      samples: readonly ScalarSample[]
    }
  | {
      name: string
      type: 'histogram'
      help: string
      unit?: string
      samples: readonly HistogramSample[]
    }

interface MediaRange {
  type: string
  q: number
}

function parseAccept(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
      let q = 1
      for (const p of params) {
        const m = /^q=([0-9.]+)$/.exec(p)
        if (m?.[1] !== undefined) {
          q = Number(m[1])
        }
      }
      return { type, q: Number.isFinite(q) ? q : 0 }
    })
    .filter((r) => r.type !== '')
}

/**
 * OpenMetrics when the client ranks it above plain text (Prometheus asks for both, OpenMetrics
 * first); text 0.0.4 for anything else, `curl` and browsers included, as client_golang does.
 */
export function negotiateExposition(accept: string | undefined): ExpositionFormat {
  if (accept === undefined || accept === '') {
    return 'prometheus'
  }
  let openMetricsQ = 0
  let textQ = 0
  for (const r of parseAccept(accept)) {
    if (r.type === 'application/openmetrics-text') {
      openMetricsQ = Math.max(openMetricsQ, r.q)
    } else if (r.type === 'text/plain' || r.type === 'text/*' || r.type === '*/*') {
      textQ = Math.max(textQ, r.q)
    }
  }
  return openMetricsQ > 0 && openMetricsQ >= textQ ? 'openmetrics' : 'prometheus'
}

function escapeLabelValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')
}

/** Text 0.0.4 escapes `\\` and newlines in HELP; OpenMetrics also double quotes. */
function escapeHelp(v: string, format: ExpositionFormat): string {
  const escaped = v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
  return format === 'openmetrics' ? escaped.replace(/"/g, '\\"') : escaped
}

/** A number as both formats write it: `+Inf`, `-Inf`, `NaN`, or the shortest decimal. */
function formatNumber(v: number): string {
  if (Number.isNaN(v)) {
    return 'NaN'
  }
  if (v === Infinity) {
    return '+Inf'
  }
  if (v === -Infinity) {
    return '-Inf'
  }
  return String(v)
}

/** OpenMetrics asks for canonical floats in `le` (`1.0`, not `1`), as client_golang writes them. */
function formatLe(bound: number, format: ExpositionFormat): string {
  if (bound === Infinity) {
    return '+Inf'
  }
  const text = formatNumber(bound)
  return format === 'openmetrics' && Number.isInteger(bound) && !/e/i.test(text)
    ? `${text}.0`
    : text
}

/** `k="v",…` without braces; an empty value is no label to Prometheus, so it is left out. */
function labelPairs(labels: Readonly<Record<string, string>>): string {
  let text = ''
  for (const k in labels) {
    const v = labels[k] as string
    if (v !== '') {
      text += `${text === '' ? '' : ','}${k}="${escapeLabelValue(v)}"`
    }
  }
  return text
}

function labelText(labels: Readonly<Record<string, string>>): string {
  const pairs = labelPairs(labels)
  return pairs === '' ? '' : `{${pairs}}`
}

function exemplarText(e: Exemplar | null | undefined, format: ExpositionFormat): string {
  if (format !== 'openmetrics' || e === null || e === undefined) {
    return ''
  }
  return ` # ${labelText(e.labels) || '{}'} ${formatNumber(e.value)}`
}

function renderFamily(f: MetricFamily, format: ExpositionFormat, out: string[]): void {
  const typeName = f.type === 'counter' && format === 'prometheus' ? `${f.name}_total` : f.name
  out.push(`# HELP ${typeName} ${escapeHelp(f.help, format)}`)
  out.push(`# TYPE ${typeName} ${f.type}`)
  if (format === 'openmetrics' && f.unit !== undefined) {
    out.push(`# UNIT ${f.name} ${f.unit}`)
  }
  if (f.type === 'histogram') {
    // A scrape at the cardinality cap writes ~35 000 bucket lines: labels and `le` once per series.
    const leTexts = new Map<readonly number[], string[]>()
    for (const s of f.samples) {
      let les = leTexts.get(s.bounds)
      if (les === undefined) {
        les = [...s.bounds.map((b) => formatLe(b, format)), '+Inf']
        leTexts.set(s.bounds, les)
      }
      const pairs = labelPairs(s.labels)
      const bucketPrefix = `${f.name}_bucket{${pairs}${pairs === '' ? '' : ','}le="`
      let cumulative = 0
      for (let i = 0; i <= s.bounds.length; i++) {
        cumulative += s.counts[i] ?? 0
        out.push(
          `${bucketPrefix}${les[i]}"} ${cumulative}${exemplarText(s.exemplars?.[i], format)}`
        )
      }
      const braces = pairs === '' ? '' : `{${pairs}}`
      out.push(`${f.name}_sum${braces} ${formatNumber(s.sum)}`)
      out.push(`${f.name}_count${braces} ${cumulative}`)
    }
    return
  }
  const sampleName = f.type === 'counter' ? `${f.name}_total` : f.name
  for (const s of f.samples) {
    out.push(`${sampleName}${labelText(s.labels)} ${formatNumber(s.value)}`)
  }
}

/** The exposition text of `families` in `format` (OpenMetrics ends with `# EOF`). */
export function renderExposition(
  families: readonly MetricFamily[],
  format: ExpositionFormat
): string {
  const out: string[] = []
  for (const f of families) {
    renderFamily(f, format, out)
  }
  if (format === 'openmetrics') {
    out.push('# EOF')
  }
  return `${out.join('\n')}\n`
}
