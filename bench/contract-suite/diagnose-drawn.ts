import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { drawSuite, writeScenario } from './generate.js'
import type { Kind, Scenario } from './scenario.js'
import { type Diagnosis, type RunScore, scoreRun } from './score.js'

const run = promisify(execFile)
const BIN = fileURLToPath(new URL('../../bin/tokenline.js', import.meta.url))

/**
 * One run of the suite as its bench draws it (`id`, e.g. `standing.slow_node#0`, of `kind` on
 * `seed`), written under `dir` and diagnosed whole through the real CLI, with the suite's score:
 * what the integration tests that pin one drawn run assert on. `durationScale` shortens the run
 * as drawSuite does (the fault keeps its place as a share of the run).
 */
export async function diagnoseDrawn<D extends Diagnosis = Diagnosis>(
  seed: number,
  kind: Kind,
  id: string,
  dir: string,
  { durationScale = 1 }: { durationScale?: number } = {}
): Promise<{ s: Scenario; d: D; score: RunScore; requests: number }> {
  const s = drawSuite(seed, 2, [kind], durationScale).find((x) => x.id === id)
  if (s === undefined) {
    throw new Error(`${id} is not drawn by the suite on seed ${seed}`)
  }
  const { path, requests, effectEndS } = writeScenario(s, join(dir, String(seed)), seed)
  const { stdout } = await run(process.execPath, [BIN, 'diagnose', path, '--format', 'json'], {
    maxBuffer: 64 << 20,
  })
  const d = JSON.parse(stdout) as D
  return { s, d, score: scoreRun(s, d, requests, effectEndS), requests }
}
