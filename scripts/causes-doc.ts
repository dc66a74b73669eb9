/**
 * Rewrites the per-cause section of docs/causes.md from the cause records
 * (src/core/diagnosis/causes): `npx tsx scripts/causes-doc.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { withGeneratedCauses } from '../src/core/diagnosis/causes/markdown.js'

const path = fileURLToPath(new URL('../docs/causes.md', import.meta.url))
writeFileSync(path, withGeneratedCauses(readFileSync(path, 'utf8')))
