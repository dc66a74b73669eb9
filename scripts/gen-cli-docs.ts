/**
 * Writes docs/cli.md from the CLI's own --help texts, so the reference can never drift from the
 * program (a unit test compares the two). Run: `npx tsx scripts/gen-cli-docs.ts`.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderCliDocs } from '../src/cli/cli-docs.js'

const out = fileURLToPath(new URL('../docs/cli.md', import.meta.url))
writeFileSync(out, renderCliDocs())
process.stdout.write(`wrote ${out}\n`)
