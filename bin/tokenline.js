#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader, so a fresh clone needs no build
// step before `npx tokenline` (see docs/adr/0002-run-typescript-with-tsx.md).
import process from 'node:process'
import { arenaCappedEnv, glibcVersion, runInChild } from './malloc-arenas.js'

// `serve` runs in a child with at most two malloc arenas (ADR 0313), and the launcher loads no
// TypeScript loader of its own; glibcVersion() is asked only for `serve`, since a process report
// takes a few milliseconds.
const capped =
  process.argv[2] === 'serve'
    ? arenaCappedEnv(process.argv.slice(2), process.env, process.platform, glibcVersion())
    : null
if (capped !== null) {
  runInChild(capped)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli/main.ts')
}
