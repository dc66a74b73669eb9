/** Query parameters: repeated keys are arrays (`replica=a&replica=b`). */
export type Params = Record<string, string | number | readonly string[] | undefined>

/** Builds `path?query` with repeated keys for arrays and without undefined values. */
export function buildUrl(path: string, params: Params = {}): string {
  const qs = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) {
      continue
    }
    if (Array.isArray(value)) {
      for (const v of value as readonly string[]) {
        qs.append(key, v)
      }
    } else {
      qs.append(key, String(value))
    }
  }
  const text = qs.toString()
  return text ? `${path}?${text}` : path
}
