import type { MetricFamilyMeta, MetricSample } from '../../core/model/metric.js'

interface Series {
  family: number
  text: string
  times: Float64Array
  values: Float64Array
  n: number
}

/**
 * Buffers scrape samples and writes them as OpenMetrics text with timestamps, the backfill
 * format of `promtool tsdb create-blocks-from openmetrics`: every series' samples together, in
 * time order, families one after another, `# EOF` at the end. Grouping by series means the
 * samples must be held until the file is written; they are kept as two Float64Arrays per series
 * (16 bytes a sample) and flushed as a new chunk file whenever `maxSamples` is reached, so memory
 * stays bounded however long the run.
 */
export class OpenMetricsStore {
  private readonly series = new Map<string, Series>()
  private readonly familyIndex = new Map<string, number>()
  private samples = 0

  constructor(
    private readonly families: readonly MetricFamilyMeta[],
    readonly maxSamples = 4_000_000
  ) {
    families.forEach((f, i) => this.familyIndex.set(f.name, i))
  }

  get size(): number {
    return this.samples
  }

  add(samples: readonly MetricSample[]): void {
    for (const s of samples) {
      const text = s.name + formatLabels(s.labels)
      let ser = this.series.get(text)
      if (ser === undefined) {
        ser = {
          family: this.familyOf(s.name),
          text,
          times: new Float64Array(16),
          values: new Float64Array(16),
          n: 0,
        }
        this.series.set(text, ser)
      }
      if (ser.n === ser.times.length) {
        const times = new Float64Array(ser.n * 2)
        times.set(ser.times)
        ser.times = times
        const values = new Float64Array(ser.n * 2)
        values.set(ser.values)
        ser.values = values
      }
      ser.times[ser.n] = s.timeUs
      ser.values[ser.n] = s.value
      ser.n++
      this.samples++
    }
  }

  private familyOf(name: string): number {
    const direct = this.familyIndex.get(name)
    if (direct !== undefined) {
      return direct
    }
    for (const suffix of ['_bucket', '_sum', '_count']) {
      if (name.endsWith(suffix)) {
        const f = this.familyIndex.get(name.slice(0, -suffix.length))
        if (f !== undefined) {
          return f
        }
      }
    }
    return -1
  }

  /** Renders everything buffered as OpenMetrics text (calling `write` per piece) and empties the store. */
  drain(write: (text: string) => void): void {
    const byFamily = new Map<number, Series[]>()
    for (const s of this.series.values()) {
      let list = byFamily.get(s.family)
      if (list === undefined) {
        byFamily.set(s.family, (list = []))
      }
      list.push(s)
    }
    const order = [...byFamily.keys()].sort((a, b) => (a < 0 ? 1e9 : a) - (b < 0 ? 1e9 : b))
    for (const fi of order) {
      const meta = this.families[fi]
      if (meta !== undefined) {
        // OpenMetrics names a counter family without its `_total` suffix.
        const name = meta.type === 'counter' ? meta.name.replace(/_total$/, '') : meta.name
        write(`# TYPE ${name} ${meta.type}\n`)
        if (meta.help !== null) {
          write(`# HELP ${name} ${meta.help}\n`)
        }
      }
      for (const s of byFamily.get(fi)!) {
        let out = ''
        for (let k = 0; k < s.n; k++) {
          out += `${s.text} ${formatValue(s.values[k]!)} ${(s.times[k]! / 1e6).toFixed(3)}\n`
          if (out.length > 65_536) {
            write(out)
            out = ''
          }
        }
        write(out)
      }
    }
    write('# EOF\n')
    this.series.clear()
    this.samples = 0
  }
}

function formatLabels(labels: Record<string, string>): string {
  const parts: string[] = []
  for (const k in labels) {
    parts.push(
      `${k}="${labels[k]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`
    )
  }
  return parts.length === 0 ? '' : `{${parts.join(',')}}`
}

function formatValue(v: number): string {
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
