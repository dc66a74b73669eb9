import type { Command } from 'commander'
import { newProgram, throwInsteadOfExit } from './program-base.js'

type Register = (program: Command) => void

/**
 * Each command's module, loaded only when a run names it. Loading every command's code (the
 * server, the dashboard, the simulator, the what-if engine) through the TypeScript loader took
 * 1.3–1.5 s before any work, more than reading and parsing a 72 MB trace file; one command's
 * takes about half that (ADR 0306). Keys are the command names; `lazy-commands.test.ts` checks
 * them against the full command table.
 */
export const COMMAND_MODULES: Readonly<Record<string, () => Promise<Register>>> = {
  demo: async () => (await import('./commands/demo.js')).registerDemoCommand,
  serve: async () => (await import('./commands/serve.js')).registerServeCommand,
  import: async () => (await import('./commands/import.js')).registerImportCommand,
  probe: async () => (await import('./commands/probe.js')).registerProbeCommand,
  'mock-server': async () => (await import('./commands/mock-server.js')).registerMockServerCommand,
  simulate: async () => (await import('./commands/simulate.js')).registerSimulateCommand,
  diagnose: async () => (await import('./commands/diagnose.js')).registerDiagnoseCommand,
  alerts: async () => (await import('./commands/alerts.js')).registerAlertsCommand,
  whatif: async () => (await import('./commands/whatif.js')).registerWhatIfCommand,
  compare: async () => (await import('./commands/compare.js')).registerCompareCommand,
}

/**
 * The program for `argv` (`process.argv`): only the named command when the first operand is
 * one, else every command, so `--help`, `help <command>`, `--version` and a misspelt command's
 * suggestion read as before.
 */
export async function createProgramFor(argv: readonly string[]): Promise<Command> {
  const name = argv[2]
  const load =
    name !== undefined && Object.hasOwn(COMMAND_MODULES, name) ? COMMAND_MODULES[name] : undefined
  if (load === undefined) {
    const { createProgram } = await import('./program.js')
    return createProgram()
  }
  const program = newProgram()
  ;(await load())(program)
  throwInsteadOfExit(program)
  return program
}
