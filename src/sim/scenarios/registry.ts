import type { ScenarioDef } from '../scenario.js'
import { coldStart, nodeDegraded, routingImbalance, versionRegression } from './cluster.js'
import {
  canaryWithStreamBuffering,
  nodeDegradedWithTls,
  noisyTenantWithHighRtt,
} from './combined.js'
import {
  connectionLimit,
  downstreamDependency,
  gatewayQueueing,
  highRtt,
  noisyNeighbor,
  streamBuffering,
  tlsHandshake,
} from './edge.js'
import {
  batchingWindow,
  longGenerations,
  longPrompts,
  memoryBandwidth,
  prefixCacheMiss,
  queueSaturation,
} from './engine.js'
import { kvCachePressure } from './engine-kv.js'
import { healthy, healthyHeavy } from './healthy.js'

/** Every named scenario, in `--list` order. */
export const SCENARIOS: readonly ScenarioDef[] = [
  healthy,
  healthyHeavy,
  batchingWindow,
  queueSaturation,
  longPrompts,
  kvCachePressure,
  prefixCacheMiss,
  longGenerations,
  memoryBandwidth,
  coldStart,
  routingImbalance,
  versionRegression,
  nodeDegraded,
  noisyNeighbor,
  gatewayQueueing,
  connectionLimit,
  tlsHandshake,
  highRtt,
  streamBuffering,
  downstreamDependency,
  nodeDegradedWithTls,
  noisyTenantWithHighRtt,
  canaryWithStreamBuffering,
]
