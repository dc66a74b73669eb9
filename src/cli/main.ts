import { Command } from 'commander'
import { reportError } from './report-error.js'
import { registerCommands } from './commands/index.js'

/** Builds the CLI program; exported so tests can parse argv without a process. */
export function createProgram(): Command {
  const program = new Command()
  program
    .name('tokenline')
    .description(
      'Tells the people who run LLM inference services why their users wait.\n' +
        'Ingests OTLP traces, Prometheus metrics and change events, rebuilds every request\n' +
        "timeline from client to last token, and names the stage, replica, node, version,\n" +
        'tenant or region that holds the tail.'
    )
    .version('0.1.0')
    .showHelpAfterError('(add --help for usage)')
    .configureHelp({ sortSubcommands: false })
  registerCommands(program)
  return program
}

async function main(): Promise<void> {
  try {
    await createProgram().parseAsync(process.argv)
  } catch (err) {
    reportError(err)
  }
}

await main()
