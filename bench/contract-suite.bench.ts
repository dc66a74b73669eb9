/**
 * Contract suite: fault scenarios written only from CONTRACT.md (bench/contract-suite/), put on
 * disk in the producers' wire formats, diagnosed by the real CLI in a child process
 * (`tokenline diagnose DIR --format json`) and scored: top-1, top-3, scope, the window's start
 * and end error, silent misses (healthy above 0.5 on a fault) and false alarms (a cause above
 * 0.5 on a healthy or standing run). See docs/diagnosis.md, "Contract suite".
 *
 *   npx tsx bench/contract-suite.bench.ts [--seed 1] [--variants 2] [--jobs 1] [--detail]
 *     [--only engine.kv_cache_pressure,healthy] [--keep DIR] [--cli OTHER/bin/tokenline.js]
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { drawSuite, writeScenario } from './contract-suite/generate.js'
import { ALL_KINDS, type Kind, type Scenario } from './contract-suite/scenario.js'
import { type Diagnosis, type RunScore, scoreRun } from './contract-suite/score.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback
}
const seed = Number(arg('seed', '1'))
const variants = Number(arg('variants', '2'))
const jobs = Number(arg('jobs', '1'))
const detail = args.includes('--detail')
const keep = arg('keep', '')
const only = arg('only', '')
const kinds = only === '' ? ALL_KINDS : (only.split(',') as Kind[])
for (const k of kinds) {
  if (!ALL_KINDS.includes(k)) {
    throw new Error(`--only: unknown kind ${k} (expected one of ${ALL_KINDS.join(', ')})`)
  }
}
// Another checkout's CLI (`--cli PATH/bin/tokenline.js`) scores the same files on older code.
const cli = arg('cli', fileURLToPath(new URL('../bin/tokenline.js', import.meta.url)))

function diagnoseDir(path: string): Promise<{ out: string; err: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'diagnose', path, '--format', 'json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (b: Buffer) => (out += b.toString()))
    child.stderr.on('data', (b: Buffer) => (err += b.toString()))
    child.on('close', (code) => resolve({ out, err, code }))
  })
}

const dir = keep !== '' ? keep : mkdtempSync(join(tmpdir(), 'contract-suite-'))
const scenarios = drawSuite(seed, variants, kinds)
const scores: RunScore[] = []
let genMs = 0
let cliMs = 0
async function runOne(s: Scenario): Promise<void> {
  const g0 = performance.now()
  const { path, requests, effectEndS } = writeScenario(s, dir, seed)
  genMs += performance.now() - g0
  const c0 = performance.now()
  const res = await diagnoseDir(path)
  cliMs += performance.now() - c0
  let score: RunScore
  try {
    score = scoreRun(s, JSON.parse(res.out) as Diagnosis, requests, effectEndS)
  } catch {
    score = {
      ...scoreRun(
        s,
        { schema: '', requests: 0, findings: [], standing_conditions: [] },
        requests,
        effectEndS
      ),
      answer: `(exit ${res.code})`,
    }
  }
  const warnings = res.err.split('\n').filter((l) => l.trim() !== '')
  score.note =
    warnings.length > 0 ? `stderr: ${warnings.slice(0, 2).join(' | ').slice(0, 240)}` : ''
  scores.push(score)
  if (detail) {
    console.log(detailLine(s, score))
  }
  if (keep === '') {
    rmSync(path, { recursive: true, force: true })
  }
}

const fmtErr = (v: number | null): string => (v === null ? '–' : `${Math.round(v)}s`)
function detailLine(s: Scenario, r: RunScore): string {
  const sig = Object.entries(s.signals)
    .filter(([, on]) => on)
    .map(([k]) => k)
    .join('+')
  const mark = r.falseAlarm
    ? 'FALSE-ALARM'
    : r.silentMiss
      ? 'SILENT'
      : r.top1 && r.scope !== false && r.standing !== false
        ? 'ok'
        : 'MISS'
  return [
    mark.padEnd(11),
    r.id.padEnd(28),
    `m=${s.magnitude.toFixed(2)}`,
    `win=${s.fault ? `${Math.round(s.fault.startS)}-${Math.round(s.fault.endS)}s/${s.durationS}s` : '–'}`,
    `rep=${s.replicas.length}`,
    `scrape=${s.scrapeS}s`,
    sig,
    `${s.traceFormat}/${s.metricFormat}/${s.eventFormat}${s.sglang ? '/sglang' : ''}${s.litellm ? '/litellm' : ''}`,
    `→ ${r.answer} ${r.confidence.toFixed(2)}`,
    `top3=${r.top3 ? 'y' : 'n'} scope=${r.scope === null ? '–' : r.scope ? 'y' : 'n'}${r.standing !== null ? ` standing=${r.standing ? 'y' : 'n'}` : ''}`,
    `Δstart=${fmtErr(r.startErrS)} Δend=${fmtErr(r.endErrS)} Δend·effect=${fmtErr(r.effectEndErrS)} (effect +${fmtErr(r.effectLagS)})`,
    `req=${r.requests}/${r.expectedRequests}`,
    r.note,
  ].join(' ')
}

const queue = [...scenarios]
await Promise.all(
  Array.from({ length: Math.max(1, jobs) }, async () => {
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      await runOne(s)
    }
  })
)
if (keep === '') {
  rmSync(dir, { recursive: true, force: true })
}

const pct = (n: number, d: number): string => (d === 0 ? '–' : `${Math.round((100 * n) / d)} %`)
const median = (xs: number[]): string => {
  if (xs.length === 0) {
    return '–'
  }
  const s = [...xs].sort((a, b) => a - b)
  return `${Math.round(s[Math.floor((s.length - 1) / 2)] as number)}s`
}
console.log(`\ncontract suite, seed ${seed}, ${scores.length} runs`)
console.log(
  'kind                        runs  top-1  top-3  scope  Δstart  Δend  Δend·effect  silent  false-alarm'
)
for (const kind of kinds) {
  const rs = scores.filter((r) => r.kind === kind)
  if (rs.length === 0) {
    continue
  }
  const scoped = rs.filter((r) => r.scope !== null)
  const standing = rs.filter((r) => r.standing !== null)
  console.log(
    [
      kind.padEnd(27),
      String(rs.length).padStart(4),
      pct(rs.filter((r) => r.top1).length, rs.length).padStart(6),
      pct(rs.filter((r) => r.top3).length, rs.length).padStart(6),
      (standing.length > 0
        ? pct(standing.filter((r) => r.standing === true).length, standing.length)
        : pct(scoped.filter((r) => r.scope === true).length, scoped.length)
      ).padStart(6),
      median(rs.flatMap((r) => (r.startErrS === null ? [] : [r.startErrS]))).padStart(7),
      median(rs.flatMap((r) => (r.endErrS === null ? [] : [r.endErrS]))).padStart(5),
      median(rs.flatMap((r) => (r.effectEndErrS === null ? [] : [r.effectEndErrS]))).padStart(12),
      String(rs.filter((r) => r.silentMiss).length).padStart(7),
      String(rs.filter((r) => r.falseAlarm).length).padStart(12),
    ].join(' ')
  )
}
const faults = scores.filter((r) => r.expected !== 'healthy')
const quiet = scores.filter((r) => r.expected === 'healthy')
const scoped = faults.filter((r) => r.scope !== null)
console.log(
  `faults: top-1 ${pct(faults.filter((r) => r.top1).length, faults.length)}, top-3 ${pct(faults.filter((r) => r.top3).length, faults.length)}, ` +
    `scope ${pct(scoped.filter((r) => r.scope === true).length, scoped.length)} (of runs naming the cause), ` +
    `silent misses ${faults.filter((r) => r.silentMiss).length}; healthy and standing runs: ` +
    `${quiet.filter((r) => r.top1).length} of ${quiet.length} healthy, false alarms ${quiet.filter((r) => r.falseAlarm).length}; ` +
    `standing listed ${scores.filter((r) => r.standing === true).length} of ${scores.filter((r) => r.standing !== null).length}`
)
console.log(
  `time: generation ${Math.round(genMs / scores.length)} ms per run, CLI ${Math.round(cliMs / scores.length)} ms per run (ratio ${(cliMs / Math.max(genMs, 1)).toFixed(1)})`
)
