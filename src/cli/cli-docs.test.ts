import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderCliDocs } from './cli-docs.js'

describe('docs/cli.md', () => {
  it('matches the help texts of the program (regenerate: npx tsx scripts/gen-cli-docs.ts)', () => {
    const onDisk = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8')
    expect(onDisk).toBe(renderCliDocs(onDisk))
  })

  it('documents every command', () => {
    const docs = renderCliDocs()
    for (const name of [
      'demo',
      'serve',
      'import',
      'diagnose',
      'simulate',
      'probe',
      'mock-server',
      'alerts',
    ]) {
      expect(docs).toContain(`## tokenline ${name}`)
    }
  })
})
