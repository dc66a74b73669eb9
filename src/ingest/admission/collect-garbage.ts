/**
 * A full V8 garbage collection on demand, for the memory limiter's relief (ADR 0256).
 *
 * Under overload the limiter refuses every batch once the resident set passes its soft limit;
 * the process then allocates nothing, so V8 never collects the garbage that put it there (the
 * heap stayed at 342–348 MiB used with no trace pending and the writer idle for over a minute),
 * and refusal went on while nothing live held the memory. The OpenTelemetry Collector's
 * `memory_limiter` forces a collection for the same reason.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | null | undefined

/** Runs a full, synchronous collection; false when this runtime does not allow one. */
export function collectGarbage(): boolean {
  if (gc === undefined) {
    try {
      // `--expose-gc` set after start-up exposes `gc` to contexts created afterwards only.
      setFlagsFromString('--expose-gc')
      const found: unknown = runInNewContext('gc')
      gc = typeof found === 'function' ? (found as () => void) : null
    } catch {
      gc = null
    }
  }
  if (gc === null) {
    return false
  }
  gc()
  return true
}
