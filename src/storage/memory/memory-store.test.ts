import { runSloStoreConformance } from '../slo-store.case.js'
import { runSpanStoreConformance } from '../span-store.case.js'
import { createMemoryStore } from './memory-store.js'
import { createMemorySloStore } from './slo-store.js'

runSpanStoreConformance('memory', async () => createMemoryStore())
runSloStoreConformance('memory', async () => ({
  sloStore: createMemorySloStore(),
  close: async () => undefined,
}))
