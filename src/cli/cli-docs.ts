import type { Command } from 'commander'
import { createProgram } from './program.js'

const HELP_WIDTH = 100

function helpOf(cmd: Command): string {
  cmd.configureHelp({ helpWidth: HELP_WIDTH })
  let text = ''
  cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) })
  cmd.outputHelp()
  return text.trimEnd()
}

function walk(cmd: Command, path: string[], out: string[]): void {
  for (const sub of cmd.commands) {
    if (sub.name() === 'help') {
      continue
    }
    const full = [...path, sub.name()]
    out.push(`## tokenline ${full.join(' ')}`, '', '```', helpOf(sub), '```', '')
    walk(sub, full, out)
  }
}

/** The CLI reference (docs/cli.md) rendered from the program's own help texts. */
export function renderCliDocs(): string {
  const program = createProgram()
  const out = [
    '# Command reference',
    '',
    'Generated from `tokenline --help` by `npx tsx scripts/gen-cli-docs.ts`; a test keeps it in step.',
    '',
    '```',
    helpOf(program),
    '```',
    '',
  ]
  walk(program, [], out)
  return `${out.join('\n')}\n`
}
