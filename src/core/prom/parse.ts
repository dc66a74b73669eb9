import type { MetricFamilyMeta, MetricSample, MetricType } from '../model/metric.js'
import type { Micros } from '../model/units.js'
import { MAX_INT64_TIME_US } from '../otlp/time-bounds.js'
import { parseSampleValue, parseTimestampMs, tokenizeComment, tokenizeSample } from './line.js'

/** Which exposition format a text is in. */
export type PromFlavour = 'openmetrics' | 'prometheus'

export interface PromReject {
  /** 1-based line number in the input. */
  line: number
  reason: string
}

export interface ParsePromOptions {
  /** Time given to samples without a timestamp (scrape time, or a file's mtime). */
  defaultTimeUs: Micros
  /**
   * Labels added to every sample (a scrape's `instance` and `job`). When the exposition already
   * has a label of that name with another value, it is kept as `exported_<name>`, like Prometheus
   * does without `honor_labels`.
   */
  extraLabels?: Record<string, string>
  /**
   * Latest sample timestamp taken (a live scrape: the server clock plus
   * `ingest.maxFutureSkewMs`, as spans over OTLP have); a later one rejects its sample. Files
   * imported later keep the int64 bound alone.
   */
  latestUs?: Micros
}

export interface ParsePromResult {
  samples: MetricSample[]
  families: MetricFamilyMeta[]
  rejected: PromReject[]
  flavour: PromFlavour
  /** OpenMetrics `_created` samples left out (creation times, not measurements). */
  droppedCreated: number
}

/** A parser fed one line at a time, so a large file never sits in memory whole. */
export interface PromLineParser {
  /** Parses one line (without its newline); `lineNo` is 1-based. */
  push(line: string, lineNo: number): void
  /** Hands over the samples and rejects gathered since the last call. */
  take(): { samples: MetricSample[]; rejected: PromReject[] }
  /** Family metadata (`# TYPE`/`# HELP`/`# UNIT`) seen so far, named like their samples. */
  families(): MetricFamilyMeta[]
  /** OpenMetrics when any OpenMetrics-only sign was seen (`# EOF`, `# UNIT`, exemplars, `_created`). */
  flavour(): PromFlavour
  droppedCreated(): number
  /** Samples that had no timestamp of their own and were given `defaultTimeUs`. */
  untimed(): number
}

interface FamilyState {
  type: string
  help: string | null
  unit: string | null
  sawTotal: boolean
}

const SUFFIXES = ['_bucket', '_count', '_sum', '_total', '_created', '_gcount', '_gsum', '_info']
const CREATED_OWNERS = new Set(['counter', 'histogram', 'summary', 'gaugehistogram'])

function metricType(type: string): MetricType {
  switch (type) {
    case 'counter':
    case 'gauge':
    case 'histogram':
    case 'summary':
      return type
    case 'gaugehistogram':
      return 'histogram'
    case 'info':
    case 'stateset':
      return 'gauge'
    default:
      return 'untyped'
  }
}

/** Creates a streaming Prometheus/OpenMetrics text parser (see {@link parsePrometheusText}). */
export function createPromLineParser(options: ParsePromOptions): PromLineParser {
  const defaultTimeUs = options.defaultTimeUs
  const extra = Object.entries(options.extraLabels ?? {})
  const families = new Map<string, FamilyState>()
  // Sample name → owning family name ('' when none), memoised: most lines repeat few names.
  const ownerCache = new Map<string, string>()
  let samples: MetricSample[] = []
  let rejected: PromReject[] = []
  let openMetrics = false
  let dropped = 0
  let untimed = 0

  const family = (name: string): FamilyState => {
    let f = families.get(name)
    if (!f) {
      f = { type: 'untyped', help: null, unit: null, sawTotal: false }
      families.set(name, f)
      ownerCache.clear()
    }
    return f
  }

  const ownerOf = (name: string): string => {
    const cached = ownerCache.get(name)
    if (cached !== undefined) {
      return cached
    }
    let owner = ''
    if (families.has(name)) {
      owner = name
    } else {
      for (const s of SUFFIXES) {
        if (name.endsWith(s) && families.has(name.slice(0, -s.length))) {
          owner = name.slice(0, -s.length)
          break
        }
      }
    }
    ownerCache.set(name, owner)
    return owner
  }

  // `foo_created` is a creation time when foo (or, from Python clients' 0.0.4 output, foo_total)
  // is a counter, histogram or summary.
  const isCreatedSeries = (name: string): boolean => {
    if (!name.endsWith('_created')) {
      return false
    }
    const base = name.slice(0, -'_created'.length)
    const owner = families.get(base) ?? families.get(`${base}_total`)
    return owner !== undefined && CREATED_OWNERS.has(owner.type)
  }

  const pushComment = (line: string, lineNo: number): void => {
    const c = tokenizeComment(line)
    switch (c.kind) {
      case 'eof':
        // Content after `# EOF` is kept: files of several appended scrapes are common.
        openMetrics = true
        return
      case 'help':
        family(c.name).help = c.rest
        return
      case 'unit':
        openMetrics = true
        family(c.name).unit = c.rest === '' ? null : c.rest
        return
      case 'type': {
        const t = c.rest.toLowerCase()
        if (
          !/^(counter|gauge|histogram|summary|untyped|unknown|gaugehistogram|info|stateset)$/.test(
            t
          )
        ) {
          rejected.push({ line: lineNo, reason: `unknown metric type ${JSON.stringify(c.rest)}` })
          return
        }
        family(c.name).type = t
        return
      }
      default:
    }
  }

  const pushSample = (line: string, lineNo: number): void => {
    const t = tokenizeSample(line)
    if (typeof t === 'string') {
      rejected.push({ line: lineNo, reason: t })
      return
    }
    const value = parseSampleValue(t.value)
    if (value === null) {
      rejected.push({ line: lineNo, reason: `value ${JSON.stringify(t.value)} is not a number` })
      return
    }
    let timeUs = defaultTimeUs
    if (t.timestamp !== null) {
      const ms = parseTimestampMs(t.timestamp)
      if (ms === null) {
        rejected.push({
          line: lineNo,
          reason: `timestamp ${JSON.stringify(t.timestamp)} is not a number`,
        })
        return
      }
      timeUs = Math.round(ms * 1000) as Micros
      // A span's bounds (ADR 0497): a sample at -100 s or in the year 5138 stretched the window
      // of `diagnose` over its file from 1969 to 5138.
      if (!(timeUs > 0 && timeUs <= MAX_INT64_TIME_US)) {
        rejected.push({
          line: lineNo,
          reason: `timestamp ${JSON.stringify(t.timestamp)} must lie after 1970-01-01 and before 2262 (the int64 nanosecond range)`,
        })
        return
      }
      // A target whose clock runs ahead would otherwise stretch every later window to its future.
      if (options.latestUs !== undefined && timeUs > options.latestUs) {
        rejected.push({
          line: lineNo,
          reason: `timestamp ${JSON.stringify(t.timestamp)} lies past the server clock plus ingest.maxFutureSkewMs`,
        })
        return
      }
    }
    if (t.hasExemplar) {
      openMetrics = true
    }
    if (isCreatedSeries(t.name)) {
      openMetrics = true
      dropped++
      return
    }
    if (t.timestamp === null) {
      untimed++
    }
    const owner = ownerOf(t.name)
    if (owner !== '' && owner !== t.name && t.name === `${owner}_total`) {
      family(owner).sawTotal = true
    }
    const labels: Record<string, string> = {}
    for (const [k, v] of t.labels) {
      labels[k] = v
    }
    for (const [k, v] of extra) {
      const had = labels[k]
      if (had !== undefined && had !== v) {
        labels[`exported_${k}`] = had
      }
      labels[k] = v
    }
    samples.push({ name: t.name, labels, timeUs, value })
  }

  return {
    push(raw, lineNo) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
      if (line.trim() === '') {
        return
      }
      if (line[0] === '#') {
        pushComment(line, lineNo)
      } else {
        pushSample(line.trimStart(), lineNo)
      }
    },
    take() {
      const out = { samples, rejected }
      samples = []
      rejected = []
      return out
    },
    families() {
      const out: MetricFamilyMeta[] = []
      for (const [name, f] of families) {
        if (isCreatedSeries(name)) {
          continue
        }
        let metaName = name
        // OpenMetrics names a counter family `foo` and its samples `foo_total`; store the
        // family under its samples' name so both flavours describe `foo_total` alike.
        if (f.type === 'counter' && f.sawTotal) {
          metaName = `${name}_total`
        }
        if (f.type === 'info' && !name.endsWith('_info')) {
          metaName = `${name}_info`
        }
        out.push({ name: metaName, type: metricType(f.type), help: f.help, unit: f.unit })
      }
      return out
    },
    flavour: () => (openMetrics ? 'openmetrics' : 'prometheus'),
    droppedCreated: () => dropped,
    untimed: () => untimed,
  }
}

/**
 * Parses a whole Prometheus text (0.0.4) or OpenMetrics 1.0 exposition.
 *
 * Keeps every good line and rejects bad ones with their 1-based line number. Samples without
 * a timestamp get `defaultTimeUs`; timestamps are read per {@link parseTimestampMs} (integer ms
 * in text 0.0.4, float seconds in OpenMetrics). Several samples of one series (the backfill
 * format) all come back in input order. Exemplars are skipped; OpenMetrics `_created` samples
 * are dropped and counted.
 */
export function parsePrometheusText(text: string, options: ParsePromOptions): ParsePromResult {
  const parser = createPromLineParser(options)
  let lineNo = 0
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end === -1) {
      end = text.length
    }
    lineNo++
    parser.push(text.slice(start, end), lineNo)
    start = end + 1
  }
  const { samples, rejected } = parser.take()
  return {
    samples,
    families: parser.families(),
    rejected,
    flavour: parser.flavour(),
    droppedCreated: parser.droppedCreated(),
  }
}
