/**
 * A run that names a command loads only that command's module (`program-for-argv.ts`); it must
 * parse and explain itself exactly as the full program does.
 */
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { createProgram } from './program.js'
import { COMMAND_MODULES, createProgramFor } from './program-for-argv.js'

function helpOf(command: Command): string {
  let text = ''
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: () => undefined })
  command.outputHelp()
  return text
}

/** Help of a command and of each of its subcommands, depth first. */
function helpTree(command: Command): string[] {
  return [helpOf(command), ...command.commands.flatMap(helpTree)]
}

describe('commands loaded on demand', () => {
  const full = createProgram()

  it('names every command of the full program, and only those', () => {
    expect(Object.keys(COMMAND_MODULES).sort()).toEqual(full.commands.map((c) => c.name()).sort())
  })

  it.each(full.commands.map((c) => [c.name(), c] as const))(
    '%s alone has the same options, arguments and help',
    async (name, command) => {
      const alone = await createProgramFor(['node', 'tokenline', name, '--help'])
      expect(alone.commands.map((c) => c.name())).toEqual([name])
      expect(helpTree(alone.commands[0] as Command)).toEqual(helpTree(command))
    }
  )

  it('loads every command when the first word names none', async () => {
    for (const argv of [
      ['node', 'tokenline'],
      ['node', 'tokenline', '--help'],
      ['node', 'tokenline', 'help', 'import'],
      ['node', 'tokenline', 'imprt'],
      ['node', 'tokenline', 'constructor'],
    ]) {
      const program = await createProgramFor(argv)
      expect(program.commands.map((c) => c.name())).toEqual(full.commands.map((c) => c.name()))
    }
  })

  it('turns a usage error into a thrown error, as the full program does', async () => {
    const program = await createProgramFor(['node', 'tokenline', 'import'])
    const sub = program.commands[0] as Command
    sub.configureOutput({ writeOut: () => undefined, writeErr: () => undefined })
    await expect(program.parseAsync(['import'], { from: 'user' })).rejects.toMatchObject({
      code: 'commander.missingArgument',
    })
  })
})
