import type { EventKind } from '../model/event.js'

/**
 * Kubernetes event `reason` → change-event kind (CONTRACT §3). Reasons not listed are skipped
 * (counted, not rejected): most are routine (FailedMount, SuccessfulAttachVolume, …) and say
 * nothing about latency. docs/formats.md lists the table with the reason for each choice.
 */
export const KUBERNETES_REASON_KINDS: Readonly<Record<string, EventKind>> = {
  // The replica count of a workload changed (Deployment → ReplicaSet → Pods, HPA).
  ScalingReplicaSet: 'scale',
  SuccessfulCreate: 'scale',
  SuccessfulDelete: 'scale',
  SuccessfulRescale: 'scale',
  // A pod's containers went down or came up: each is a replica (re)starting, cold and unwarmed.
  Killing: 'restart',
  Started: 'restart',
  Created: 'restart',
  BackOff: 'restart',
  Unhealthy: 'restart',
  Pulled: 'restart',
  Pulling: 'restart',
  Scheduled: 'restart',
  Preempted: 'restart',
  Evicted: 'restart',
  Failed: 'restart',
  // A node's health or membership changed.
  NodeNotReady: 'node',
  NodeReady: 'node',
  Rebooted: 'node',
  Starting: 'node',
  NodeHasDiskPressure: 'node',
  NodeHasNoDiskPressure: 'node',
  NodeHasMemoryPressure: 'node',
  NodeHasSufficientMemory: 'node',
  NodeHasPIDPressure: 'node',
  NodeHasSufficientPID: 'node',
  NodeNotSchedulable: 'node',
  NodeSchedulable: 'node',
  RegisteredNode: 'node',
  RemovingNode: 'node',
  DeletingNode: 'node',
  SystemOOM: 'node',
  OOMKilling: 'node',
  KernelOops: 'node',
  TaskHung: 'node',
  // A rollout was reverted: the version changes.
  DeploymentRollback: 'deploy',
}

/** The kind for a reason; reasons naming a canary (Argo Rollouts, Flagger) map to `canary`. */
export function kindForReason(reason: string, involvedKind: string | null): EventKind | null {
  const known = KUBERNETES_REASON_KINDS[reason]
  if (known) {
    // `Starting` is also a container-level reason on some runtimes; only the kubelet's is a node event.
    if (reason === 'Starting' && involvedKind !== 'Node') {
      return null
    }
    return known
  }
  if (/canary/i.test(reason)) {
    return 'canary'
  }
  if (involvedKind === 'Node') {
    return 'node'
  }
  return null
}

/**
 * The image tag from a kubelet message such as `Successfully pulled image "vllm/vllm-openai:v0.6.3"
 * in 1.2s` or `Container image "reg:5000/vllm:v1" already present on machine`; `null` for digests
 * or untagged images.
 */
export function imageTagFromMessage(message: string): string | null {
  const m = /image "([^"]+)"/.exec(message)
  if (!m?.[1]) {
    return null
  }
  const ref = m[1].split('@')[0] ?? ''
  const lastSlash = ref.lastIndexOf('/')
  const colon = ref.lastIndexOf(':')
  if (colon <= lastSlash) {
    return null
  }
  const tag = ref.slice(colon + 1)
  return tag === '' ? null : tag
}
