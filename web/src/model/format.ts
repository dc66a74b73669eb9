/** Display helpers. Inputs are milliseconds (the query API's unit) unless the name says otherwise. */

/** Formats a duration in ms compactly: `850 µs`, `12.3 ms`, `1.42 s`, `2m05s`. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) {
    return '–'
  }
  const abs = Math.abs(ms)
  if (abs === 0) {
    return '0'
  }
  if (abs < 1) {
    return `${Math.round(ms * 1000)} µs`
  }
  if (abs < 10) {
    return `${ms.toFixed(2)} ms`
  }
  if (abs < 1000) {
    return `${ms.toFixed(abs < 100 ? 1 : 0)} ms`
  }
  if (abs < 60_000) {
    return `${(ms / 1000).toFixed(abs < 10_000 ? 2 : 1)} s`
  }
  const totalS = Math.round(ms / 1000)
  return `${Math.floor(totalS / 60)}m${String(totalS % 60).padStart(2, '0')}s`
}

/** Formats a 0..1 share as a percentage. */
export function formatShare(share: number | null | undefined, digits = 0): string {
  if (share === null || share === undefined || !Number.isFinite(share)) {
    return '–'
  }
  return `${(share * 100).toFixed(digits)}%`
}

/** Formats a count or rate with k/M suffixes. */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) {
    return '–'
  }
  const abs = Math.abs(n)
  if (abs >= 1e6) {
    return `${(n / 1e6).toFixed(abs >= 1e7 ? 0 : 1)}M`
  }
  if (abs >= 1e3) {
    return `${(n / 1e3).toFixed(abs >= 1e4 ? 0 : 1)}k`
  }
  if (abs >= 100 || Number.isInteger(n)) {
    return String(Math.round(n))
  }
  return n.toFixed(abs >= 10 ? 1 : 2)
}

/**
 * A whole count with thousands separators (`1,000,000`), as `toLocaleString('en-US')` writes it,
 * without `Intl`: a page's first `Intl` object loads the browser's locale data, 45–190 ms of its
 * main thread on a busy host, before the panel that asked can paint (ADR 0295).
 */
export function formatInteger(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) {
    return '–'
  }
  const digits = String(Math.round(Math.abs(n)))
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',')
  return n < 0 && grouped !== '0' ? `-${grouped}` : grouped
}

/** `2024-05-01 12:03:04` in UTC, the way operators compare timestamps across tools. */
export function formatTimeUtc(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('T', ' ').slice(0, 19)
}

/** A duration span such as `15m`, `6h`, `2d 3h` for range labels. */
export function formatSpan(ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 120) {
    return `${s}s`
  }
  const m = Math.round(s / 60)
  if (m < 120) {
    return `${m}m`
  }
  const h = Math.round(m / 60)
  if (h < 48) {
    return `${h}h`
  }
  return `${Math.floor(h / 24)}d ${h % 24}h`
}

/** One line about a change event: what happened, the version it brought, where it happened. */
export function describeEvent(e: {
  message?: string | null | undefined
  reason?: string | null | undefined
  version?: string | null | undefined
  replica?: string | null | undefined
  node?: string | null | undefined
}): string {
  return [
    e.message ?? e.reason ?? '',
    e.version ? `version ${e.version}` : '',
    e.replica ?? e.node ?? '',
  ]
    .filter(Boolean)
    .join(' · ')
}
