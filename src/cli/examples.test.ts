/**
 * Every `$ tokenline …` example in the README, docs/ and the help texts must parse against the
 * real command table: a renamed flag, a removed choice or a missing argument fails here instead
 * of in a reader's terminal. Actions are replaced so nothing runs.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Command } from 'commander'
import { CommanderError } from 'commander'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config/load.js'
import { DEFAULTS } from '../config/defaults.js'
import { createProgram } from './program.js'

const ROOT = resolve(import.meta.dirname, '../..')

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? markdownFiles(join(dir, e.name))
      : e.name.endsWith('.md')
        ? [join(dir, e.name)]
        : []
  )
}

function helpTexts(command: Command): string[] {
  let text = ''
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: () => undefined })
  command.outputHelp()
  return [text, ...command.commands.flatMap(helpTexts)]
}

/** `$ tokenline …` lines, joined across `\` continuations, cut at `#`, `|`, `&&`, `>`. */
function examplesIn(text: string): string[] {
  const joined = text.replace(/\\\n\s*/g, ' ')
  const out: string[] = []
  for (const m of joined.matchAll(/^\s*(?:\$\s+|npx\s+)(tokenline\s[^\n]*)$/gm)) {
    const line = (m[1] ?? '').split(/\s(?:#|\||&&|>|2>)\s?/)[0] ?? ''
    out.push(line.trim())
  }
  return out
}

/** Shell words: plain, single- or double-quoted. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '')
}

function silenced(program: Command): Command {
  const walk = (c: Command): void => {
    c.configureOutput({ writeOut: () => undefined, writeErr: () => undefined })
    c.action(() => undefined)
    c.commands.forEach(walk)
  }
  walk(program)
  return program
}

const sources: [string, string][] = [
  ['README.md', readFileSync(join(ROOT, 'README.md'), 'utf8')],
  ...markdownFiles(join(ROOT, 'docs'))
    .filter((f) => !f.includes('/adr/'))
    .map((f): [string, string] => [f.slice(ROOT.length + 1), readFileSync(f, 'utf8')]),
  ...helpTexts(createProgram()).map((t, i): [string, string] => [`--help #${i}`, t]),
]
const examples = sources.flatMap(([where, text]) =>
  examplesIn(text).map((line) => ({ where, line }))
)

describe('documented examples', () => {
  it('there are examples to check', () => {
    expect(examples.length).toBeGreaterThan(40)
  })

  it.each(examples)('$where: $line', async ({ line }) => {
    const args = words(line).slice(1)
    try {
      await silenced(createProgram()).parseAsync(args, { from: 'user' })
    } catch (err) {
      const code = err instanceof CommanderError ? err.code : String(err)
      // Help and version examples end in commander's own "exit 0".
      expect(['commander.helpDisplayed', 'commander.version', 'commander.help']).toContain(code)
    }
  })
})

describe('help shows the defaults in force', () => {
  it.each([
    ['serve', `(default ${DEFAULTS.server.apiPort};`],
    ['serve', `(default ${DEFAULTS.server.otlpPort};`],
    ['serve', `(default ${DEFAULTS.store.path};`],
    ['demo', '(default .tokenline/demo.duckdb;'],
  ])('%s --help says %s', (name, text) => {
    const cmd = createProgram().commands.find((c) => c.name() === name)
    expect(cmd).toBeDefined()
    expect(helpTexts(cmd as Command)[0]?.replace(/\s+/g, ' ')).toContain(text)
  })
})

describe('shipped example files', () => {
  it('examples/slo.yaml is a valid SLO and alert configuration', async () => {
    const { config } = await loadConfig({ configPath: join(ROOT, 'examples/slo.yaml') })
    expect(config.slo.rules.length).toBeGreaterThan(0)
    expect(config.slo.tiers.map((t) => t.name)).toEqual(['interactive'])
  })
})
