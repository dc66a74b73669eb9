/**
 * The alert state machine: inactive → pending → firing → resolved, Prometheus-style `for`, and
 * hysteresis on the way out: a firing alert resolves only after its clear condition (value below
 * threshold × (1 − hysteresis)) has held for `resolveFor`. A flapping tail therefore keeps one
 * alert firing instead of paging again on every flap.
 */
import type { Micros } from '../model/units.js'

export type AlertStatus = 'inactive' | 'pending' | 'firing' | 'resolved'

export interface AlertState {
  status: AlertStatus
  /** When the fire condition started holding (pending or firing). */
  activeSinceUs: Micros | null
  /** When the alert started firing (kept after it resolves, for the resolved notification). */
  firingSinceUs: Micros | null
  /** While firing: since when the clear condition has held. */
  clearSinceUs: Micros | null
  resolvedAtUs: Micros | null
  lastEvalUs: Micros | null
  lastValue: number | null
  /** How many times this alert has fired. */
  fireCount: number
}

/** What one evaluation saw. `value` null means no data (too few requests). */
export interface Observation {
  value: number | null
  /** The fire condition holds. */
  fire: boolean
  /** The clear condition (with hysteresis) holds. */
  clear: boolean
}

export interface StepTiming {
  forUs: Micros
  resolveForUs: Micros
}

export type AlertTransition = 'firing' | 'resolved' | null

/** A fresh state. */
export function initialAlertState(): AlertState {
  return {
    status: 'inactive',
    activeSinceUs: null,
    firingSinceUs: null,
    clearSinceUs: null,
    resolvedAtUs: null,
    lastEvalUs: null,
    lastValue: null,
    fireCount: 0,
  }
}

/**
 * Classifies a value against a threshold: fire above it, clear at or below
 * `threshold × (1 − hysteresis)`; no value (no data) never fires and always clears.
 */
export function observe(
  value: number | null,
  threshold: number,
  hysteresis: number,
  fireOverride?: boolean
): Observation {
  if (value === null) {
    return { value, fire: false, clear: true }
  }
  return {
    value,
    fire: fireOverride ?? value > threshold,
    clear: value <= threshold * (1 - hysteresis),
  }
}

/** Advances the state by one evaluation at `nowUs`; returns the new state and the transition. */
export function stepAlert(
  state: AlertState,
  obs: Observation,
  nowUs: Micros,
  timing: StepTiming
): { state: AlertState; transition: AlertTransition } {
  const next: AlertState = { ...state, lastEvalUs: nowUs, lastValue: obs.value }
  const fireNow = (since: Micros): { state: AlertState; transition: AlertTransition } => ({
    state: {
      ...next,
      status: 'firing',
      activeSinceUs: since,
      firingSinceUs: nowUs,
      clearSinceUs: null,
      resolvedAtUs: null,
      fireCount: state.fireCount + 1,
    },
    transition: 'firing',
  })
  switch (state.status) {
    case 'inactive':
    case 'resolved': {
      if (!obs.fire) {
        return { state: next, transition: null }
      }
      if (timing.forUs <= 0) {
        return fireNow(nowUs)
      }
      return {
        state: { ...next, status: 'pending', activeSinceUs: nowUs, clearSinceUs: null },
        transition: null,
      }
    }
    case 'pending': {
      if (!obs.fire) {
        return { state: { ...next, status: 'inactive', activeSinceUs: null }, transition: null }
      }
      const since = state.activeSinceUs ?? nowUs
      if (nowUs - since >= timing.forUs) {
        return fireNow(since)
      }
      return { state: next, transition: null }
    }
    case 'firing': {
      if (!obs.clear) {
        return { state: { ...next, clearSinceUs: null }, transition: null }
      }
      const clearSince = state.clearSinceUs ?? nowUs
      if (nowUs - clearSince >= timing.resolveForUs) {
        return {
          state: {
            ...next,
            status: 'resolved',
            activeSinceUs: null,
            clearSinceUs: null,
            resolvedAtUs: nowUs,
          },
          transition: 'resolved',
        }
      }
      return { state: { ...next, clearSinceUs: clearSince }, transition: null }
    }
  }
}
