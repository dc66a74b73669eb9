import type { Command } from 'commander'
import { registerDemoCommand } from './demo.js'
import { registerServeCommand } from './serve.js'
import { registerDiagnoseCommand } from './diagnose.js'
import { registerImportCommand } from './import.js'
import { registerProbeCommand } from './probe.js'
import { registerMockServerCommand } from './mock-server.js'
import { registerSimulateCommand } from './simulate.js'
import { registerAlertsCommand } from './alerts.js'
import { registerWhatIfCommand } from './whatif.js'
import { registerCompareCommand } from './compare.js'

/** Adds every command to the program, in the order `tokenline --help` lists them. */
export function registerCommands(program: Command): void {
  registerDemoCommand(program)
  registerServeCommand(program)
  registerImportCommand(program)
  registerProbeCommand(program)
  registerMockServerCommand(program)
  registerSimulateCommand(program)
  registerDiagnoseCommand(program)
  registerAlertsCommand(program)
  registerWhatIfCommand(program)
  registerCompareCommand(program)
}
