import { runSloStoreConformance } from '../testing/slo-store-conformance.js'
import { runSpanStoreConformance } from '../testing/span-store-conformance.js'
import { createMemoryStore } from './memory-store.js'
import { createMemorySloStore } from './slo-store.js'

runSpanStoreConformance('memory', async () => createMemoryStore())
runSloStoreConformance('memory', async () => ({
  sloStore: createMemorySloStore(),
  close: async () => undefined,
}))
