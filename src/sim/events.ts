import type { ChangeEvent } from '../core/model/event.js'
import { isoFromMicros, type Micros } from '../core/model/units.js'
import type { SimChange } from './names.js'

/** A control-plane change as the core `ChangeEvent` (epoch µs). */
export function toChangeEvent(ch: SimChange, epochUs: number, model: string): ChangeEvent {
  return {
    timeUs: (epochUs + ch.timeUs) as Micros,
    kind: ch.kind,
    model,
    version: ch.version,
    replica: ch.replica,
    node: ch.node,
    message: ch.message,
    reason: ch.reason,
  }
}

/** One line of the JSONL event format (CONTRACT §3). */
export function eventJsonLine(ev: ChangeEvent): string {
  const o: Record<string, string> = { time: isoFromMicros(ev.timeUs), kind: ev.kind }
  if (ev.model !== null) {
    o.model = ev.model
  }
  if (ev.version !== null) {
    o.version = ev.version
  }
  if (ev.replica !== null) {
    o.replica = ev.replica
  }
  if (ev.node !== null) {
    o.node = ev.node
  }
  if (ev.message !== null) {
    o.message = ev.message
  }
  return JSON.stringify(o)
}

/** One item of a Kubernetes event list (`kubectl get events -o json`). */
export function k8sEventItem(
  ch: SimChange,
  epochUs: number,
  namespace: string,
  ordinal: number
): Record<string, unknown> {
  const time = isoFromMicros((epochUs + ch.timeUs) as Micros).replace(/\.\d{3}Z$/, 'Z')
  const warning =
    ch.reason === 'Killing' || ch.reason === 'NodeNotReady' || ch.reason === 'Unhealthy'
  const involvedNamespace = ch.objectKind === 'Node' ? undefined : namespace
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: {
      name: `${ch.objectName}.${(0x17a0000000 + ordinal * 7919).toString(16)}`,
      namespace: involvedNamespace ?? 'default',
      creationTimestamp: time,
    },
    involvedObject: {
      kind: ch.objectKind,
      name: ch.objectName,
      ...(involvedNamespace === undefined ? {} : { namespace: involvedNamespace }),
      apiVersion: ch.objectKind === 'Deployment' ? 'apps/v1' : 'v1',
    },
    reason: ch.reason,
    message: ch.message,
    source: {
      component:
        ch.objectKind === 'Deployment'
          ? 'deployment-controller'
          : ch.objectKind === 'Node'
            ? 'node-controller'
            : 'kubelet',
    },
    firstTimestamp: time,
    lastTimestamp: time,
    count: 1,
    type: warning ? 'Warning' : 'Normal',
  }
}
