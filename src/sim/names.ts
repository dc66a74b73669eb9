import { MODELS, type ControlAction, type SimConfig } from './config.js'
import type { ReplicaIdentity } from './replica.js'
import type { Rng } from '../core/stats/seeded-random.js'

/** A change to the cluster (deploy, scale, restart…), as the simulator records it. */
export interface SimChange {
  timeUs: number
  kind: 'deploy' | 'scale' | 'restart' | 'config' | 'node' | 'canary'
  reason: string
  objectKind: 'Deployment' | 'Pod' | 'Node'
  objectName: string
  replica: string | null
  node: string | null
  version: string | null
  message: string
}

const K8S_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789'
const GPUS_PER_NODE = 8

function k8sSuffix(rng: Rng, n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) {
    s += K8S_ALPHABET[Math.floor(rng.next() * K8S_ALPHABET.length)]
  }
  return s
}

/** Kubernetes-looking names for pods, nodes and gateways, drawn from the seed. */
export interface ClusterNames {
  replica(index: number, version: string, startedUs: number): ReplicaIdentity
  node(index: number): string
  readonly gateways: string[]
  readonly lbInstance: string
  readonly gatewayInstanceIps: string[]
  readonly nodeIps: string[]
  replicaSetHash(version: string): string
}

export function createNames(rng: Rng, config: SimConfig): ClusterNames {
  const nodes: string[] = []
  const nodeIps: string[] = []
  const rsHash = new Map<string, string>()
  const subnet = rng.int(16, 200)
  const node = (i: number): string => {
    while (nodes.length <= i) {
      const a = rng.int(0, 255)
      const b = rng.int(1, 254)
      nodes.push(`ip-10-${subnet}-${a}-${b}.ec2.internal`)
      nodeIps.push(`10.${subnet}.${a}.${b}`)
    }
    return nodes[i]!
  }
  const hash = (version: string): string => {
    let h = rsHash.get(version)
    if (h === undefined) {
      h = k8sSuffix(rng, 10)
      rsHash.set(version, h)
    }
    return h
  }
  const gateways = Array.from(
    { length: config.gateway.instances },
    () => `${config.gateway.serviceName}-${k8sSuffix(rng, 10)}-${k8sSuffix(rng, 5)}`
  )
  const gatewayInstanceIps = gateways.map(
    () => `10.${subnet + 1}.${rng.int(0, 255)}.${rng.int(1, 254)}`
  )
  const rpn = Math.max(1, config.cluster.replicasPerNode)
  const tp = MODELS[config.cluster.modelKey]?.tensorParallel ?? 1
  return {
    gateways,
    gatewayInstanceIps,
    nodeIps,
    lbInstance: `10.${subnet + 2}.0.${rng.int(2, 250)}:8404`,
    node,
    replicaSetHash: hash,
    replica(index, version, startedUs) {
      const nodeIndex = Math.floor(index / rpn)
      const slot = index % rpn
      const gpusPerReplica = Math.min(tp, Math.floor(GPUS_PER_NODE / rpn))
      return {
        index,
        pod: `${config.cluster.deployment}-${hash(version)}-${k8sSuffix(rng, 5)}`,
        node: node(nodeIndex),
        nodeIndex,
        gpuIndexes: Array.from({ length: Math.max(1, gpusPerReplica) }, (_, g) => slot * tp + g),
        instance: `10.${subnet + 3}.${rng.int(0, 255)}.${rng.int(1, 254)}:8000`,
        version,
        startedUs,
      }
    },
  }
}

/** The change events a control action leaves, in the terms both event formats need. */
export function describeControl(
  c: ControlAction,
  t: number,
  config: SimConfig,
  all: ReplicaIdentity[],
  added: ReplicaIdentity[],
  names: ClusterNames
): SimChange[] {
  const dep = config.cluster.deployment
  const base = { timeUs: t, replica: null, node: null, version: null }
  switch (c.kind) {
    case 'scale': {
      const alive = all.length
      return [
        {
          ...base,
          kind: 'scale',
          reason: 'ScalingReplicaSet',
          objectKind: 'Deployment',
          objectName: dep,
          version: config.cluster.version,
          message: `Scaled up replica set ${dep} from ${alive - added.length} to ${alive}`,
        },
      ]
    }
    case 'deploy':
      // A rollout scales its new replica set one pod at a time (maxSurge 1), so each pod's event
      // names the count that step reached, as the deployment controller's events do.
      return added.map((id, step) => ({
        ...base,
        kind: c.canary ? ('canary' as const) : ('deploy' as const),
        reason: 'ScalingReplicaSet',
        objectKind: 'Deployment' as const,
        objectName: dep,
        replica: id.pod,
        node: id.node,
        version: c.version,
        message: `${c.canary ? 'Canary' : 'Rollout'}: scaled up replica set ${dep}-${id.pod.split('-').slice(-2, -1)[0]} (${c.version}) to ${step + 1}`,
      }))
    case 'restart': {
      const id = all[c.replicaIndex]
      return id === undefined
        ? []
        : [
            {
              ...base,
              kind: 'restart',
              reason: 'Killing',
              objectKind: 'Pod',
              objectName: id.pod,
              replica: id.pod,
              node: id.node,
              version: id.version,
              message: `Stopping container vllm (liveness probe failed); restarting`,
            },
          ]
    }
    case 'config':
      return [
        {
          ...base,
          kind: 'config',
          reason: 'ConfigChanged',
          objectKind: 'Deployment',
          objectName: c.objectName,
          message: c.message,
        },
      ]
    case 'node': {
      const nodeName = names.node(c.nodeIndex)
      return [
        {
          ...base,
          kind: 'node',
          reason: c.reason,
          objectKind: 'Node',
          objectName: nodeName,
          node: nodeName,
          message: c.message,
        },
      ]
    }
  }
}
