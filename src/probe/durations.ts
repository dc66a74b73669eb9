/**
 * Parses `500ms`, `30s`, `5m`, `1h`, or a bare number of `bareUnit`s into milliseconds; null when
 * the text is none of those or not positive.
 */
export function parseDurationMs(text: string, bareUnit: 'ms' | 's' = 'ms'): number | null {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim())
  if (m === null) {
    return null
  }
  const v = Number(m[1])
  const unit = m[2] ?? bareUnit
  const factor = unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 3_600_000
  const ms = v * factor
  return ms > 0 ? ms : null
}
