/**
 * Writes docs/cli.md from the CLI's own --help texts, so the reference can never drift from the
 * program (a unit test compares the two); the hand-written part at the end is kept.
 * Run: `npx tsx scripts/gen-cli-docs.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderCliDocs } from '../src/cli/cli-docs.js'

const out = fileURLToPath(new URL('../docs/cli.md', import.meta.url))
writeFileSync(out, renderCliDocs(readFileSync(out, 'utf8')))
process.stdout.write(`wrote ${out}\n`)
