import { runSpanStoreConformance } from '../span-store.case.js'
import { createMemoryStore } from './memory-store.js'

runSpanStoreConformance('memory', async () => createMemoryStore())
