import type { Command } from 'commander'
import { registerCommands } from './commands/index.js'
import { newProgram, throwInsteadOfExit } from './program-base.js'

/** Builds the CLI program with every command; exported so tests can parse argv without a process. */
export function createProgram(): Command {
  const program = newProgram()
  registerCommands(program)
  throwInsteadOfExit(program)
  return program
}
