/**
 * The `whatif` bench's store: the simulator's `healthy` platform on 32 replicas at 48 requests/s
 * (1.5 a replica, the scenario's own load per replica) for as long as `n` requests take — about
 * 5.8 hours for 1M — written through the ingest pipeline (spans, engine metrics, assembly) as
 * `tokenline import` writes it. Kept in the temp folder per size and reused.
 *
 * Not the scale bench's window (the twin's own engine, 32 replicas at 278 requests/s): written as
 * request timelines, its fit check refuses it (replayed TTFT P50 +37 % at 1M requests), and so
 * does the simulator's platform pushed to that rate (−37 % at 33k requests), so `whatif` would time
 * the fit check alone. This platform predicts at 200k requests; at 1M (5.8 hours) the fit check
 * refuses it as well (ADR 0445).
 */
import { simulateIntoStore } from '../src/sim/node/into-store.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { fitTwin, type TwinFit } from '../src/sim/twin/fit.js'
import { loadTwinWindow, type TwinWindow } from '../src/sim/twin/load.js'
import { cachedStore } from './cached-store.js'

const REPLICAS = 32
const RATE_PER_S = 48

/** Path of the bench database of about `n` requests, built when absent (or when `fresh`). */
export function whatIfStore(
  n: number,
  fresh: boolean,
  log: (line: string) => void
): Promise<string> {
  return cachedStore(`whatif-bench-${n}`, `${n} requests`, fresh, log, (store) =>
    simulateIntoStore(store, {
      scenario: 'healthy',
      seed: 1,
      durationMs: Math.round((n / RATE_PER_S) * 1000),
      ratePerSec: RATE_PER_S,
      replicas: REPLICAS,
    })
  )
}

/** The twin fitted to the whole bench store of about `n` requests, as `whatif --db` fits it. */
export async function fitWhatIfStore(n: number, log: (line: string) => void): Promise<TwinFit> {
  const fitted = fitTwin(await loadWhatIfWindow(n, log))
  if (!fitted.ok) {
    throw new Error(fitted.reasons.join('; '))
  }
  return fitted.fit
}

/** The whole bench store of about `n` requests, read as `whatif --db` reads its window. */
export async function loadWhatIfWindow(
  n: number,
  log: (line: string) => void
): Promise<TwinWindow> {
  const db = await whatIfStore(n, false, log)
  const store = await createDuckDbStore({ path: db })
  try {
    const extent = await store.extent()
    if (extent === null) {
      throw new Error(`${db} holds no requests`)
    }
    return await loadTwinWindow(store, { fromUs: extent.startUs, toUs: extent.endUs + 1 })
  } finally {
    await store.close()
  }
}
