#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader, so a fresh clone needs no build
// step before `npx tokenline` (see docs/adr/0002-run-typescript-with-tsx.md).
import process from 'node:process'
import {
  arenaCappedEnv,
  glibcVersion,
  hugePageEnv,
  runInChild,
  transparentHugePages,
} from './malloc-arenas.js'

// `serve` runs in a child with at most two malloc arenas (ADR 0313), `whatif` in one whose malloc
// asks for transparent huge pages (ADR 0531), and the launcher loads no TypeScript loader of its
// own; glibcVersion() is asked only for those two, since a process report takes a few
// milliseconds.
const command = process.argv[2]
const capped =
  command === 'serve'
    ? arenaCappedEnv(process.argv.slice(2), process.env, process.platform, glibcVersion())
    : null
const huge =
  command === 'whatif' && process.platform === 'linux'
    ? hugePageEnv(
        process.argv.slice(2),
        process.env,
        process.platform,
        glibcVersion(),
        transparentHugePages()
      )
    : null
if (capped !== null) {
  runInChild(capped)
} else if (huge !== null) {
  runInChild(huge, { ipc: false })
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli/main.ts')
}
