/** Runs a simulator scenario into a fresh memory store (for `tokenline alerts test --simulate`). */
import { simulateIntoStore } from '../sim/node/into-store.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import type { SpanStore } from '../storage/span-store.js'

/** Simulates `scenario` (seeded) through the ingest pipeline into a memory store. */
export async function simulatedStore(options: {
  scenario: string
  seed: number
  durationMs: number
}): Promise<SpanStore> {
  const store = createMemoryStore()
  await simulateIntoStore(store, options)
  return store
}
