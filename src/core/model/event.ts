import type { Micros } from './units.js'

/** The change-event kinds of CONTRACT §3. */
export const EVENT_KINDS = ['deploy', 'scale', 'restart', 'config', 'node', 'canary'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** A change event: a deploy, a scale-up, a restart, a node incident… */
export interface ChangeEvent {
  timeUs: Micros
  kind: EventKind
  model: string | null
  version: string | null
  replica: string | null
  node: string | null
  message: string | null
  /** Kubernetes `reason` when the event came from an event list (`ScalingReplicaSet`, …). */
  reason: string | null
}
