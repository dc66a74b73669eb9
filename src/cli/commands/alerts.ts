/**
 * `tokenline alerts test`: replays the configured alert rules over stored, imported or simulated
 * data, minute by minute, and prints what would have fired and when (with the diagnosis each
 * firing would have carried).
 */
import { Option, type Command } from 'commander'
import { loadConfig } from '../../config/load.js'
import { AppError } from '../../core/errors.js'
import { isoFromMicros } from '../../core/model/units.js'
import { parseDurationFlag } from '../duration-flag.js'
import { simulatedStore } from '../simulate-to-memory.js'
import { createMemorySloStore } from '../../storage/memory/slo-store.js'
import { recoveryLine } from '../../alerts/explain-recovery.js'
import { detailText } from '../../alerts/payload.js'
import { evaluateHistory, type HistoryEvaluation } from '../../alerts/time-travel.js'
import type { SpanStore } from '../../storage/span-store.js'
import { DEFAULT_DB_PATH } from '../../config/defaults.js'
import { openStoreOrServer } from '../open-store.js'
import { importIntoMemoryStore } from '../import-to-memory.js'

interface AlertsTestFlags {
  config: string
  db?: string
  simulate?: string
  seed: string
  duration: string
  diagnosis: boolean
  format: 'text' | 'json'
}

async function importedStore(paths: string[]): Promise<SpanStore> {
  return (await importIntoMemoryStore(paths)).store
}

async function openData(paths: string[], flags: AlertsTestFlags): Promise<SpanStore> {
  if (flags.simulate !== undefined) {
    const seed = Number(flags.seed)
    const durationMs = parseDurationFlag('--duration', flags.duration)
    if (!Number.isSafeInteger(seed)) {
      throw new AppError(
        'INPUT_INVALID',
        `--seed must be an integer (actual: ${JSON.stringify(flags.seed)})`
      )
    }
    return simulatedStore({ scenario: flags.simulate, seed, durationMs })
  }
  if (paths.length > 0) {
    return importedStore(paths)
  }
  const opened = await openStoreOrServer(flags.db ?? DEFAULT_DB_PATH)
  if (opened.kind === 'server') {
    throw new AppError(
      'STORE_LOCKED',
      `${opened.dbPath} is held by a running server (${opened.apiUrl}); its live alerts are at ${opened.apiUrl}/api/alerts, or stop it to replay the rules over the file`
    )
  }
  return opened.store
}

function renderText(result: HistoryEvaluation): string {
  if (result.fromUs === null || result.toUs === null) {
    return 'No data: nothing to evaluate.\n'
  }
  const lines = [
    `Evaluated ${result.rules.length} rule(s) at ${result.minutes} minute boundaries, ${isoFromMicros(result.fromUs)} to ${isoFromMicros(result.toUs)} (${result.requests} requests).`,
    '',
  ]
  if (result.transitions.length === 0) {
    lines.push('Nothing would have fired.')
  }
  for (const t of result.transitions) {
    const r = t.record
    const scope = r.tier === null ? '' : ` (tier ${r.tier}, ${r.objective})`
    lines.push(
      `${isoFromMicros(t.timeUs)}  ${t.status.toUpperCase().padEnd(8)}  ${r.key}${scope}  ${detailText(r.detail)}`
    )
    if (t.status === 'firing') {
      for (const f of r.findings) {
        const where =
          f.scope.dimension === null ? 'everywhere' : `${f.scope.dimension}=${f.scope.value}`
        lines.push(`    finding: ${f.cause} (${where}, confidence ${f.confidence.toFixed(2)})`)
      }
    }
    if (t.status === 'resolved' && t.recovery) {
      lines.push(`    recovery: ${recoveryLine(t.recovery)}`)
    }
  }
  lines.push('')
  for (const r of result.rules) {
    const tail = r.firingAtEnd ? ', still firing at the end of the data' : ''
    lines.push(
      r.fired === null
        ? `${r.name}: not evaluated (no minute had enough requests carrying its measure)`
        : r.fired === 0
          ? `${r.name}: never fired (${r.evaluatedMinutes} min evaluated)`
          : `${r.name}: fired ${r.fired}×, ${r.firingMinutes} min firing${tail}`
    )
  }
  return `${lines.join('\n')}\n`
}

function renderJson(result: HistoryEvaluation): string {
  return `${JSON.stringify(
    {
      schema: 'tokenline.alerts-test/v1',
      window:
        result.fromUs === null || result.toUs === null
          ? null
          : { start: isoFromMicros(result.fromUs), end: isoFromMicros(result.toUs) },
      minutes: result.minutes,
      requests: result.requests,
      rules: result.rules.map((r) => ({
        name: r.name,
        kind: r.kind,
        fired: r.fired,
        evaluated_minutes: r.evaluatedMinutes,
        firing_minutes: r.firingMinutes,
        firing_at_end: r.firingAtEnd,
      })),
      transitions: result.transitions.map((t) => ({
        time: isoFromMicros(t.timeUs),
        rule: t.record.key,
        status: t.status,
        tier: t.record.tier,
        objective: t.record.objective,
        value: t.record.state.lastValue,
        detail: t.record.detail,
        findings: t.status === 'firing' ? t.record.findings : [],
        recovery: t.recovery ?? null,
      })),
    },
    null,
    2
  )}\n`
}

export function registerAlertsCommand(program: Command): void {
  const alerts = program
    .command('alerts')
    .description('SLO alert rules: replay them over data (see docs/slo.md)')
  alerts
    .command('test')
    .description(
      'evaluate the alert rules of a config over stored, imported or simulated data and print what would have fired, when'
    )
    .argument(
      '[paths...]',
      'trace, metric and event files or folders (read into a temporary store)'
    )
    .requiredOption(
      '--config <file>',
      'YAML/JSON config with slo:, alerts: (and retention:) sections'
    )
    .option(
      '--db <file>',
      `DuckDB database file (default ${DEFAULT_DB_PATH} when no paths are given)`
    )
    .option(
      '--simulate <scenario>',
      'replay over a simulated scenario instead (see tokenline simulate --list)'
    )
    .option('--seed <n>', 'seed of the simulated scenario', '1')
    .option('--duration <duration>', 'length of the simulated scenario', '15m')
    .option('--no-diagnosis', 'skip the diagnosis attached to each firing (faster)')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')
    )
    .addHelpText(
      'after',
      `
Every rule is evaluated at each minute boundary of the data, exactly as a running server would
have: same minute counts, \`for\` durations and hysteresis. Evaluation stops at the end of the
data, so an alert still firing there is reported as such rather than resolved.

Exit codes: 0 evaluated (whether or not anything fired), 2 invalid config or flags,
3 database locked by another process.

Examples:
  $ tokenline alerts test --config tokenline.yaml --db .tokenline/tokenline.duckdb
  $ tokenline alerts test ./incident/ --config examples/slo.yaml --format json | jq '.transitions'
  $ tokenline alerts test --simulate replica-cold-start --seed 7 --duration 16m --config examples/slo.yaml`
    )
    .action(async (paths: string[], flags: AlertsTestFlags) => {
      const { config } = await loadConfig({ configPath: flags.config })
      const settings = config.slo
      if (settings.rules.length === 0) {
        throw new AppError(
          'INPUT_INVALID',
          `expected alert rules under alerts.rules in ${flags.config}, got none`
        )
      }
      const store = await openData(paths, flags)
      try {
        const result = await evaluateHistory(store, settings, {
          diagnosis: flags.diagnosis,
          sloStore: createMemorySloStore(),
        })
        process.stdout.write(flags.format === 'json' ? renderJson(result) : renderText(result))
      } finally {
        await store.close()
      }
    })
}
