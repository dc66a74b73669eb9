/**
 * Scrape targets as users write them. An engine's `/metrics` names its model (`model_name`)
 * but not which replica it is (vLLM sends `engine`, `model_name`; no `pod`), so a target can
 * carry that name, and any other labels, itself:
 *
 *   http://10.0.0.5:8000/metrics                        no replica
 *   vllm-0=http://10.0.0.5:8000/metrics                 replica="vllm-0"
 *   vllm-0=10.0.0.5:8000 node=gpu-3 zone=eu-1           replica, plus labels node and zone
 *   { url, replica?, labels? }                          the same, in a config file
 */
import { AppError } from '../../core/errors.js'

/** A target as written: the text form above, or the config-file object. */
export type ScrapeTargetSpec =
  | string
  | { url: string; replica?: string | undefined; labels?: Record<string, string> | undefined }

/** A resolved target: where to GET and what to add to every sample. */
export interface ScrapeTarget {
  url: string
  /** `host:port`, the `instance` label (as Prometheus 3 shows it). */
  instance: string
  /** The configured replica name, `null` when none. */
  replica: string | null
  /** Labels added to every sample besides `instance` and `job` (`replica` included). */
  labels: Readonly<Record<string, string>>
}

/** The label a target's replica name is written to (joins metrics to requests' replica). */
const REPLICA_LABEL = 'replica'

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/
const LABEL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

function invalid(spec: string, why: string): AppError {
  return new AppError(
    'CONFIG_INVALID',
    `scrape target ${JSON.stringify(spec)}: ${why}; expected [NAME=]URL [label=value ...], e.g. vllm-0=http://10.0.0.5:8000/metrics node=gpu-3`
  )
}

/** Normalises a URL or `host:port` into the URL to GET (`/metrics` by default) and `instance`. */
export function parseTargetUrl(raw: string): { url: string; instance: string } {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`
  const u = new URL(withScheme)
  if (u.pathname === '' || u.pathname === '/') {
    u.pathname = '/metrics'
  }
  // `host` keeps an explicit port and IPv6 brackets, as Prometheus 3 shows `instance`.
  return { url: u.toString(), instance: u.host }
}

function resolveParts(
  shown: string,
  rawUrl: string,
  replica: string | null,
  labels: Record<string, string>
): ScrapeTarget {
  if (replica !== null && !NAME.test(replica)) {
    throw invalid(shown, `replica name ${JSON.stringify(replica)} must be letters, digits, . _ -`)
  }
  for (const name of Object.keys(labels)) {
    if (!LABEL_NAME.test(name) || name === 'instance' || name === 'job') {
      throw invalid(shown, `${JSON.stringify(name)} is not a label the target may set`)
    }
  }
  let parsed: { url: string; instance: string }
  try {
    parsed = parseTargetUrl(rawUrl)
  } catch {
    throw invalid(shown, `${JSON.stringify(rawUrl)} is not a URL or host:port`)
  }
  return {
    ...parsed,
    replica,
    labels: { ...labels, ...(replica === null ? {} : { [REPLICA_LABEL]: replica }) },
  }
}

/** Resolves one target (text or object); throws `CONFIG_INVALID` naming the target. */
export function resolveScrapeTarget(spec: ScrapeTargetSpec): ScrapeTarget {
  if (typeof spec !== 'string') {
    return resolveParts(JSON.stringify(spec), spec.url, spec.replica ?? null, spec.labels ?? {})
  }
  const [head = '', ...rest] = spec.trim().split(/\s+/)
  const labels: Record<string, string> = {}
  for (const pair of rest) {
    const eq = pair.indexOf('=')
    if (eq <= 0) {
      throw invalid(spec, `${JSON.stringify(pair)} is not label=value`)
    }
    labels[pair.slice(0, eq)] = pair.slice(eq + 1)
  }
  // `NAME=URL`: the part before the first `=` has no `:` or `/`, so it cannot be a URL's.
  const eq = head.indexOf('=')
  const prefix = eq > 0 ? head.slice(0, eq) : ''
  if (eq > 0 && !/[:/]/.test(prefix)) {
    return resolveParts(spec, head.slice(eq + 1), prefix, labels)
  }
  return resolveParts(spec, head, null, labels)
}
