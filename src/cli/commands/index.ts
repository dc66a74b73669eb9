import type { Command } from 'commander'

/** Adds every command to the program, in the order `tokenline --help` lists them. */
export function registerCommands(program: Command): void {
  void program
}
