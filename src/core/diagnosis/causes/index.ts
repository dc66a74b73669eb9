import type { Cause } from '../../model/diagnosis.js'
import type { DurationMeasure, StageName } from '../../model/request.js'
import type { CauseRecord } from './record.js'
import { downstreamDependencyCause } from './downstream-dependency.js'
import { engineBatchingWindowCause } from './engine-batching-window.js'
import { engineKvCachePressureCause } from './engine-kv-cache-pressure.js'
import { engineLongGenerationsCause } from './engine-long-generations.js'
import { engineLongPromptsCause } from './engine-long-prompts.js'
import { engineMemoryBandwidthCause } from './engine-memory-bandwidth.js'
import { enginePrefixCacheMissCause } from './engine-prefix-cache-miss.js'
import { engineQueueSaturationCause } from './engine-queue-saturation.js'
import { gatewayConnectionLimitCause } from './gateway-connection-limit.js'
import { gatewayQueueingCause } from './gateway-queueing.js'
import { networkHighRttCause } from './network-high-rtt.js'
import { networkTlsHandshakeCause } from './network-tls-handshake.js'
import { nodeDegradedCause } from './node-degraded.js'
import { proxyStreamBufferingCause } from './proxy-stream-buffering.js'
import { replicaColdStartCause } from './replica-cold-start.js'
import { routingImbalanceCause } from './routing-imbalance.js'
import { tenantNoisyNeighborCause } from './tenant-noisy-neighbor.js'
import { versionRegressionCause } from './version-regression.js'

/** Every cause of CONTRACT §5.1 except `healthy` (which the engine decides), one record each. */
export const CAUSE_RECORDS: readonly CauseRecord[] = [
  engineBatchingWindowCause,
  engineQueueSaturationCause,
  engineLongPromptsCause,
  engineKvCachePressureCause,
  enginePrefixCacheMissCause,
  engineLongGenerationsCause,
  engineMemoryBandwidthCause,
  replicaColdStartCause,
  routingImbalanceCause,
  versionRegressionCause,
  nodeDegradedCause,
  tenantNoisyNeighborCause,
  gatewayQueueingCause,
  gatewayConnectionLimitCause,
  networkTlsHandshakeCause,
  networkHighRttCause,
  proxyStreamBufferingCause,
  downstreamDependencyCause,
]

const BY_CAUSE = new Map<string, CauseRecord>(CAUSE_RECORDS.map((r) => [r.cause, r]))

/** The record of `cause`, undefined for `healthy` and unknown ids. */
export function causeRecord(cause: string): CauseRecord | undefined {
  return BY_CAUSE.get(cause)
}

/** Short human titles for every cause id, `healthy` included (dashboard, reports). */
export const CAUSE_LABELS: Readonly<Record<Cause, string>> = Object.fromEntries([
  ['healthy', 'Healthy: no tail anomaly'],
  ...CAUSE_RECORDS.map((r) => [r.cause, r.label]),
]) as Record<Cause, string>

/** Per cause, the measure its mechanism slows down (null: it depends on the data). */
export const CAUSE_MEASURES: Readonly<Record<Cause, DurationMeasure | null>> = Object.fromEntries([
  ['healthy', 'e2e'],
  ...CAUSE_RECORDS.map((r) => [r.cause, r.measure]),
]) as Record<Cause, DurationMeasure | null>

/**
 * Per stage, the cause it most often means when the objective is breached and nothing changed
 * (each record's `breachStages`; causes.test.ts checks that no stage is claimed twice).
 */
export const BREACH_STAGE_CAUSES: ReadonlyMap<StageName, Exclude<Cause, 'healthy'>> = new Map(
  CAUSE_RECORDS.flatMap((r) => (r.breachStages ?? []).map((stage) => [stage, r.cause] as const))
)
