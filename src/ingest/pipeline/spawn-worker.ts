/**
 * Starts a worker thread on a module, from its sources or from a build (the ingest's decode
 * workers, the twin's run pool).
 * Sources run through tsx (docs/adr/0002), whose loader a worker does not inherit from
 * `register()`, so a `.ts` worker is started through a small script that registers it first.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/** URL of tsx's ESM API, from its package's exports map (its CommonJS build cannot register). */
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve('tsx/package.json')
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>
  }
  const entry = pkg.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs'
  return new URL(entry, pathToFileURL(manifest)).href
}

/**
 * A worker running the module `relative` (a path without its extension) beside the module whose
 * `import.meta.url` is `from`: its `.ts` source through tsx when `from` runs from sources, else
 * the `.js` of a build.
 */
export function spawnWorkerBeside(from: string, relative: string): Worker {
  if (!from.endsWith('.ts')) {
    return new Worker(new URL(`${relative}.js`, from))
  }
  const tsx = tsxEsmApi(from)
  const entry = new URL(`${relative}.ts`, from).href
  const script = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(script, { eval: true })
}

/** A worker running `src/ingest/<name>.ts` (or `.js` in a build). */
export function spawnWorker(name: 'otlp/decode-worker' | 'import/decode-worker'): Worker {
  return spawnWorkerBeside(import.meta.url, `../${name}`)
}
