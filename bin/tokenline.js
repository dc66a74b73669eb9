#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader, so a fresh clone needs no build
// step before `npx tokenline` (see docs/adr/0002-run-typescript-with-tsx.md).
import { register } from 'tsx/esm/api'

register()
await import('../src/cli/main.ts')
