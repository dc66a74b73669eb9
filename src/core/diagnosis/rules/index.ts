import type { Rule } from '../rule.js'
import { downstreamDependencyRule } from './downstream-dependency.js'
import { engineBatchingWindowRule } from './engine-batching-window.js'
import { engineKvCachePressureRule } from './engine-kv-cache-pressure.js'
import { engineLongGenerationsRule } from './engine-long-generations.js'
import { engineLongPromptsRule } from './engine-long-prompts.js'
import { engineMemoryBandwidthRule } from './engine-memory-bandwidth.js'
import { enginePrefixCacheMissRule } from './engine-prefix-cache-miss.js'
import { engineQueueSaturationRule } from './engine-queue-saturation.js'
import { gatewayConnectionLimitRule } from './gateway-connection-limit.js'
import { gatewayQueueingRule } from './gateway-queueing.js'
import { networkHighRttRule } from './network-high-rtt.js'
import { networkTlsHandshakeRule } from './network-tls-handshake.js'
import { nodeDegradedRule } from './node-degraded.js'
import { proxyStreamBufferingRule } from './proxy-stream-buffering.js'
import { replicaColdStartRule } from './replica-cold-start.js'
import { routingImbalanceRule } from './routing-imbalance.js'
import { tenantNoisyNeighborRule } from './tenant-noisy-neighbor.js'
import { versionRegressionRule } from './version-regression.js'

/** Every cause rule of CONTRACT §5.1 except `healthy` (which the engine decides). */
export const RULES: readonly Rule[] = [
  engineBatchingWindowRule,
  engineQueueSaturationRule,
  engineLongPromptsRule,
  engineKvCachePressureRule,
  enginePrefixCacheMissRule,
  engineLongGenerationsRule,
  engineMemoryBandwidthRule,
  replicaColdStartRule,
  routingImbalanceRule,
  versionRegressionRule,
  nodeDegradedRule,
  tenantNoisyNeighborRule,
  gatewayQueueingRule,
  gatewayConnectionLimitRule,
  networkTlsHandshakeRule,
  networkHighRttRule,
  proxyStreamBufferingRule,
  downstreamDependencyRule,
]
