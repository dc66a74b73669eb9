/**
 * Change events (CONTRACT §3) a real cluster would log around the scenario: JSON Lines or a
 * `kubectl get events -o json` list. Only changes that happen: nothing at the data's start.
 */
import type { Scenario } from './scenario.js'

interface Change {
  t: number
  kind: 'deploy' | 'scale' | 'restart' | 'config' | 'node'
  version?: string
  replica?: string
  node?: string
  message: string
}

function changesOf(s: Scenario): Change[] {
  const f = s.fault
  const out: Change[] = []
  if (s.kind === 'healthy') {
    // A rolling deploy that is not slower, and an unrelated config change.
    out.push({
      t: s.durationS / 2,
      kind: 'deploy',
      version: 'v1.4.3',
      message: 'rolling update to v1.4.3',
    })
    out.push({ t: s.durationS * 0.3, kind: 'config', message: 'log level set to info' })
  }
  if (f === null) {
    return out
  }
  if (s.kind === 'replica.cold_start' && f.target !== null) {
    out.push({
      t: f.startS - 40,
      kind: 'scale',
      message: `scaled up to ${s.replicas.length} replicas`,
    })
    out.push({
      t: f.startS - 5,
      kind: 'restart',
      replica: f.target,
      message: 'Started container vllm',
    })
  }
  if (s.kind === 'version.regression') {
    out.push({ t: f.startS, kind: 'deploy', version: 'v1.5.0', message: 'canary v1.5.0 at 50 %' })
    out.push({ t: f.endS, kind: 'deploy', version: 'v1.4.2', message: 'rolled back to v1.4.2' })
  }
  if (s.kind === 'node.degraded' && f.target !== null) {
    out.push({
      t: f.startS + 30,
      kind: 'node',
      node: f.target,
      message: 'GPU clocks throttled: HW slowdown',
    })
  }
  if (s.kind === 'engine.batching_window' || s.kind === 'network.tls_handshake') {
    out.push({ t: f.startS - 10, kind: 'config', message: 'configuration reloaded' })
  }
  return out
}

const iso = (s: Scenario, t: number): string =>
  new Date(Math.round((s.epochS + t) * 1000)).toISOString()

const K8S_REASON: Record<Change['kind'], string> = {
  deploy: 'Pulled',
  scale: 'ScalingReplicaSet',
  restart: 'Started',
  config: 'Reloaded',
  node: 'NodeHasDiskPressure',
}

export function writeEvents(s: Scenario): Map<string, string> {
  const changes = changesOf(s)
  if (changes.length === 0) {
    return new Map()
  }
  if (s.eventFormat === 'jsonl') {
    const lines = changes.map((c) =>
      JSON.stringify({
        time: iso(s, c.t),
        kind: c.kind,
        model: s.model,
        ...(c.version !== undefined ? { version: c.version } : {}),
        ...(c.replica !== undefined ? { replica: c.replica } : {}),
        ...(c.node !== undefined ? { node: c.node } : {}),
        message: c.message,
      })
    )
    return new Map([['events.jsonl', `${lines.join('\n')}\n`]])
  }
  const items = changes
    .filter((c) => c.kind !== 'config')
    .map((c, i) => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `ev-${i}`, namespace: 'inference' },
      reason: K8S_REASON[c.kind],
      lastTimestamp: iso(s, c.t),
      involvedObject:
        c.kind === 'node'
          ? { kind: 'Node', name: c.node }
          : c.kind === 'scale'
            ? { kind: 'Deployment', name: 'vllm' }
            : { kind: 'Pod', name: c.replica ?? s.replicas[0]?.name },
      message:
        c.kind === 'deploy'
          ? `Successfully pulled image "vllm/vllm-openai:${c.version ?? ''}" in 2.1s`
          : c.message,
      source: { host: c.node ?? '' },
    }))
  return new Map([['events.json', JSON.stringify({ apiVersion: 'v1', kind: 'List', items })]])
}
