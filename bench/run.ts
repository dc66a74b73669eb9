/**
 * `npm run bench`: runs every `bench/*.bench.ts` one after another in its own process (so one
 * benchmark's heap and threads never skew the next) and prints their figures. Pass names to run
 * a subset: `npm run bench -- otlp-decode store-ingest`.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('.', import.meta.url))
const wanted = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort()

let failed = 0
for (const file of files) {
  process.stdout.write(`\n=== ${file} ===\n`)
  const started = performance.now()
  // --expose-gc lets a bench report the heap still reachable after a collection.
  const res = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `${dir}${file}`], {
    stdio: 'inherit',
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (res.status !== 0) {
    failed++
    process.stdout.write(`--- ${file} FAILED (exit ${String(res.status)}) after ${seconds} s\n`)
  } else {
    process.stdout.write(`--- ${file} done in ${seconds} s\n`)
  }
}
process.exitCode = failed > 0 ? 1 : 0
