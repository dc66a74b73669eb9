import type { ScenarioDef } from '../scenario.js'
import { coldStart, nodeDegraded, routingImbalance, versionRegression } from './cluster.js'
import { kvCachePressure } from './engine-kv.js'
import { healthy, healthyHeavy } from './healthy.js'

/** Every named scenario, in `--list` order. */
export const SCENARIOS: readonly ScenarioDef[] = [
  healthy,
  healthyHeavy,
  kvCachePressure,
  nodeDegraded,
  versionRegression,
  coldStart,
  routingImbalance,
]
