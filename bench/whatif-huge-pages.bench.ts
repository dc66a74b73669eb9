/**
 * `whatif` with malloc asking for transparent huge pages (the launcher's default where the kernel's
 * mode is `madvise`, ADR 0531) against the same command without (`GLIBC_TUNABLES=
 * glibc.malloc.hugetlb=0`), on the stored bench window. One after another the two differ by less
 * than a shared host's own swings, so each pair runs **side by side**, both started together (one
 * core each on two), on two copies of the store (swapped every pair: a DuckDB file takes one
 * writer). Prints per pair each setting's CPU (user + sys of the launcher and its child), wall,
 * peak RSS and minor faults, the CPU ratio, and whether every answer was the same bytes.
 *
 *   npx tsx bench/whatif-huge-pages.bench.ts [--pairs 3] [--change "--load 2x"]
 *   BENCH_REQUESTS=200000 npx tsx bench/whatif-huge-pages.bench.ts
 *
 * Needs GNU time (`/usr/bin/time`, Debian's `time`) for the children's CPU, RSS and faults.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { glibcVersion, hugePageEnv, transparentHugePages } from '../bin/malloc-arenas.js'
import { whatIfStore } from './whatif-store.js'
import { argAfter, endWithHashes, intArg, loadAverage, log, spread } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const PAIRS = intArg('--pairs', 3)
const CHANGE = (argAfter('--change') ?? '--load 2x').split(/\s+/)
const BIN = resolve(import.meta.dirname, '../bin/tokenline.js')
const TIME = '/usr/bin/time'

interface Took {
  cpu: number
  wall: number
  rssMb: number
  faults: number
  hash: string
}

/** One `whatif` through the launcher on `db`, `hugetlb=0` for the setting before. */
function whatif(db: string, before: boolean): Promise<Took> {
  const env = { ...process.env }
  if (before) {
    env['GLIBC_TUNABLES'] = 'glibc.malloc.hugetlb=0'
  } else {
    delete env['GLIBC_TUNABLES']
  }
  const timeOut = join(tmpdir(), `tokenline-huge-pages-${before ? 'before' : 'after'}.time`)
  const started = performance.now()
  const child = spawn(
    TIME,
    [
      '-f',
      '%U %S %M %R',
      '-o',
      timeOut,
      process.execPath,
      BIN,
      'whatif',
      '--db',
      db,
      ...CHANGE,
      '--format',
      'json',
    ],
    { env, stdio: ['ignore', 'pipe', 'ignore'] }
  )
  const hash = createHash('sha256')
  child.stdout.on('data', (b: Buffer) => hash.update(b))
  return new Promise((ok, fail) =>
    child.on('exit', (code) => {
      const wall = (performance.now() - started) / 1000
      // GNU time's last line: an earlier one says "Command exited with non-zero status".
      const line = readFileSync(timeOut, 'utf8').trim().split('\n').at(-1)!
      const [user, sys, rssKb, faults] = line.split(' ').map(Number)
      if (code !== 0) {
        fail(new Error(`whatif exited ${code}`))
        return
      }
      ok({
        cpu: user! + sys!,
        wall,
        rssMb: rssKb! / 1024,
        faults: faults!,
        hash: hash.digest('hex').slice(0, 8),
      })
    })
  )
}

async function main(): Promise<void> {
  if (!existsSync(TIME)) {
    throw new Error(`${TIME} (GNU time) is needed for the children's CPU: apt-get install time`)
  }
  const env = hugePageEnv(
    ['whatif'],
    process.env,
    process.platform,
    glibcVersion(),
    transparentHugePages()
  )
  if (env === null) {
    log(
      `the launcher runs whatif in one process here (kernel mode ${transparentHugePages() ?? 'unknown'}, glibc ${glibcVersion() ?? 'none'}): both settings are the same`
    )
  }
  const db = await whatIfStore(N, false, log)
  const copy = join(tmpdir(), `tokenline-whatif-huge-pages-${N}.duckdb`)
  copyFileSync(db, copy)
  log(
    `${N} requests, whatif ${CHANGE.join(' ')}, ${PAIRS} pairs side by side; load average ${loadAverage()}`
  )
  const ratios: number[] = []
  const hashes = new Set<string>()
  try {
    for (let p = 0; p < PAIRS; p++) {
      const [a, b] = p % 2 === 0 ? [db, copy] : [copy, db]
      const [before, after] = await Promise.all([whatif(a, true), whatif(b, false)])
      hashes.add(before.hash).add(after.hash)
      ratios.push(after.cpu / before.cpu)
      const fmt = (t: Took): string =>
        `${t.cpu.toFixed(1)} s CPU, ${t.wall.toFixed(1)} s wall, ${t.rssMb.toFixed(0)} MB peak, ${t.faults} minor faults`
      log(
        `pair ${p}: before ${fmt(before)} | huge pages ${fmt(after)} | CPU ratio ${(after.cpu / before.cpu).toFixed(3)}, faults ${(after.faults / before.faults).toFixed(2)}`
      )
    }
  } finally {
    rmSync(copy, { force: true })
  }
  log(
    `CPU ratio ${spread(ratios, 3)}, lower in ${ratios.filter((r) => r < 1).length} of ${ratios.length}`
  )
  endWithHashes(hashes, 'answer')
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
