import { Command } from 'commander'

/** The program's name, description, version and help settings, without its commands. */
export function newProgram(): Command {
  const program = new Command()
  program
    .name('tokenline')
    .description('Tells the people who run LLM inference services why their users wait.')
    .addHelpText(
      'after',
      `
Tokenline ingests OTLP traces, Prometheus metrics and change events, rebuilds every request's
timeline from client to last token, and names the stage, replica, node, version, tenant or
region that holds the latency tail, with evidence and the standard fix.

Start here:
  $ tokenline demo                       # simulated cluster with a fault, diagnosis, dashboard
  $ tokenline serve                      # OTLP on 127.0.0.1:4318, dashboard + API on :4320
  $ tokenline diagnose ./dump/ --format json

Exit codes: 0 ok, 1 runtime failure, 2 invalid usage/config/input, 3 database locked or unavailable.
Signals: SIGINT, SIGTERM or SIGHUP stops a command cleanly (exit 0); a second one exits at once
(128 + its number). Under npx or npm run, the end of npm stops the command too.
Docs: docs/cli.md, docs/config.md, docs/api.md`
    )
    .version('0.1.0')
    .showHelpAfterError('(add --help for usage)')
    .configureHelp({ sortSubcommands: false })
  return program
}

/**
 * Commander exits the process itself on a usage error (with status 1); every command throws
 * instead, so `reportError` gives usage errors the documented exit code 2.
 */
export function throwInsteadOfExit(command: Command): void {
  command.exitOverride()
  for (const sub of command.commands) {
    throwInsteadOfExit(sub)
  }
}
