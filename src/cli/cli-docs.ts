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

/** Everything after this line of docs/cli.md is written by hand and kept as it is. */
const HAND_WRITTEN = '<!-- Written by hand from here on: scripts/gen-cli-docs.ts keeps it. -->'

/**
 * The CLI reference (docs/cli.md) rendered from the program's own help texts, followed by the
 * hand-written part of `previous` (the file as it was).
 */
export function renderCliDocs(previous = ''): string {
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
  const at = previous.indexOf(HAND_WRITTEN)
  return `${out.join('\n')}\n${at === -1 ? '' : previous.slice(at)}`
}
