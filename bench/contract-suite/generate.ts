/**
 * One seed's scenarios written to disk: one folder per run holding its traces, metrics and
 * events exactly as the producers of CONTRACT §1–§3 would leave them.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { effectEndS } from './effect.js'
import { writeEvents } from './events.js'
import { writeMetrics } from './metrics.js'
import { createRng, forkRng } from './rng.js'
import { ALL_KINDS, type Kind, type Scenario, drawScenario } from './scenario.js'
import { writeTraces } from './traces.js'
import { playScenario } from './world.js'

/**
 * Every kind × `variants`, drawn from `seed`; a kind's draws do not depend on the others, so
 * `only` picks runs identical to the full suite's.
 */
export function drawSuite(
  seed: number,
  variants: number,
  only: readonly Kind[] = ALL_KINDS,
  durationScale = 1
): Scenario[] {
  const out: Scenario[] = []
  for (const kind of ALL_KINDS) {
    const kindRng = createRng(seed * 7919 + ALL_KINDS.indexOf(kind) * 104729)
    for (let v = 0; v < variants; v++) {
      const s = drawScenario(kind, v, kindRng, durationScale)
      if (only.includes(kind)) {
        out.push(s)
      }
    }
  }
  return out
}

/**
 * Writes the scenario's files under `dir/<id>/` and returns that folder, its request count and
 * where its fault's effect on users ends (seconds from the run's start; see effect.ts).
 */
export function writeScenario(
  s: Scenario,
  dir: string,
  seed: number
): { path: string; requests: number; effectEndS: number | null } {
  const rng = createRng(seed ^ (s.epochS >>> 0))
  const reqs = playScenario(s, forkRng(rng))
  const path = join(dir, s.id.replace(/[^a-z0-9]+/gi, '-'))
  // A kept folder of an earlier draw must not lend this run its files.
  rmSync(path, { recursive: true, force: true })
  mkdirSync(path, { recursive: true })
  const files = new Map<string, string | Uint8Array>()
  if (s.signals.client || s.signals.gateway || s.signals.engine) {
    for (const [k, v] of writeTraces(s, reqs, forkRng(rng))) {
      files.set(k, v)
    }
  }
  if (s.signals.metrics) {
    for (const [k, v] of writeMetrics(s, reqs, forkRng(rng))) {
      files.set(k, v)
    }
  }
  if (s.signals.events) {
    for (const [k, v] of writeEvents(s)) {
      files.set(k, v)
    }
  }
  for (const [name, content] of files) {
    writeFileSync(join(path, name), content)
  }
  return { path, requests: reqs.length, effectEndS: effectEndS(s, reqs) }
}
