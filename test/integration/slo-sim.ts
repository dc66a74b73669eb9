/** Runs a simulator scenario through the ingest pipeline into a store (SLO tests). */
import { simulateIntoStore, type SimulatedIntoStore } from '../../src/sim/node/into-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'

export type Simulated = SimulatedIntoStore

/** Simulates `scenario` into `store`; returns the injected causes and the run's time span. */
export function simulateInto(
  store: SpanStore,
  scenario: string,
  seed: number,
  durationMs: number
): Promise<Simulated> {
  return simulateIntoStore(store, { scenario, seed, durationMs })
}
