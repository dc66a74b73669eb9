/**
 * What `compare` reads, through the diagnosis's narrow read port: the requests of both windows in
 * one columnar scan, and for `--at` the change event that splits them.
 */
import { AppError } from '../errors.js'
import type { DiagnosisReader } from '../diagnosis/frame/read-port.js'
import type { ChangeEvent } from '../model/event.js'
import { isoFromMicros, microsFromIso, microsFromMillis, type Micros } from '../model/units.js'
import type { DimensionFilters } from '../model/query.js'
import {
  compareWindows,
  COMPARE_FIELDS,
  type CompareOptions,
  type CompareReport,
} from './compare.js'

export interface Span {
  fromUs: number
  toUs: number
}

/** `FROM..TO` (RFC 3339 or epoch ms each) → a half-open window. */
export function parseRange(name: string, text: string): Span {
  const parts = text.split('..')
  const at = (s: string | undefined): Micros | null =>
    s === undefined || s.trim() === ''
      ? null
      : /^\d+$/.test(s.trim())
        ? microsFromMillis(Number(s.trim()))
        : microsFromIso(s.trim())
  const from = at(parts[0])
  const to = at(parts[1])
  if (parts.length !== 2 || from === null || to === null || !(from < to)) {
    throw new AppError(
      'INPUT_INVALID',
      `${name} must be FROM..TO, each RFC 3339 or epoch ms, FROM before TO (actual: ${JSON.stringify(text)})`
    )
  }
  return { fromUs: from, toUs: to }
}

/** A change event in one line: its kind, time and what it names. */
export function describeEvent(e: ChangeEvent): string {
  const what = [e.version, e.replica, e.node, e.message].filter((x) => x !== null).join(' ')
  return `${e.kind} at ${isoFromMicros(e.timeUs)}${what ? ` (${what})` : ''}`
}

/**
 * `--at`: a time (RFC 3339, epoch ms), or an event: its kind (`deploy`, `scale`, …), optionally
 * `kind:text` to match its version, replica, node or message. The latest matching event in the
 * data splits the windows; each side spans `spanUs`, clipped to the data.
 */
export async function splitAt(
  store: DiagnosisReader,
  spec: string,
  spanUs: number,
  /** How the caller spells the split in its errors: the CLI's flag or the API's parameter. */
  name = '--at'
): Promise<{ before: Span; after: Span; event: string }> {
  const extent = await store.extent()
  if (extent === null) {
    throw new AppError('INPUT_INVALID', 'the store holds no data to compare')
  }
  let atUs: number | null = /^\d+$/.test(spec)
    ? microsFromMillis(Number(spec))
    : microsFromIso(spec)
  let event = atUs === null ? '' : `the time ${isoFromMicros(atUs as Micros)}`
  if (atUs === null) {
    const [kind, ...rest] = spec.split(':')
    const text = rest.join(':').toLowerCase()
    const events = (await store.queryEvents({})).filter(
      (e) =>
        e.kind === kind &&
        (text === '' ||
          [e.version, e.replica, e.node, e.message, e.reason].some(
            (v) => v !== null && v.toLowerCase().includes(text)
          ))
    )
    const last = events.sort((a, b) => a.timeUs - b.timeUs)[events.length - 1]
    if (last === undefined) {
      throw new AppError(
        'INPUT_INVALID',
        `${name} ${JSON.stringify(spec)}: no stored change event matches (give a time, or KIND[:TEXT] with KIND one of deploy, scale, restart, config, node, canary)`
      )
    }
    atUs = last.timeUs
    event = describeEvent(last)
  }
  const before = { fromUs: Math.max(extent.startUs, atUs - spanUs), toUs: atUs }
  const after = { fromUs: atUs, toUs: Math.min(extent.endUs + 1, atUs + spanUs) }
  if (!(before.fromUs < before.toUs) || !(after.fromUs < after.toUs)) {
    throw new AppError(
      'INPUT_INVALID',
      `${name} ${JSON.stringify(spec)}: ${event} has no data on one side of it`
    )
  }
  return { before, after, event }
}

/** Scans both windows and compares them. */
export async function compareStored(
  store: DiagnosisReader,
  before: Span,
  after: Span,
  options: CompareOptions & { filters?: DimensionFilters } = {}
): Promise<CompareReport> {
  if (before.fromUs < after.toUs && after.fromUs < before.toUs) {
    throw new AppError('INPUT_INVALID', 'the before and after windows overlap')
  }
  const extent = await store.extent()
  const columns = await store.scanRequestColumns({
    fromUs: Math.min(before.fromUs, after.fromUs) as Micros,
    toUs: Math.max(before.toUs, after.toUs) as Micros,
    fields: COMPARE_FIELDS,
    ...(options.filters === undefined ? {} : { filters: options.filters }),
  })
  return compareWindows(columns, before, after, {
    ...options,
    ...(extent === null ? {} : { data: extent }),
  })
}
