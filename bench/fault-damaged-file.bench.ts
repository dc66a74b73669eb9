/**
 * A damaged DuckDB file, full size (test/integration/store-damage.test.ts is the small one): a
 * file of `--mb` MiB of spans, closed cleanly, is copied and damaged in several ways. It is
 * truncated at several offsets, and bytes are flipped in several regions: the file header, both
 * database headers, the first data blocks, the middle, the tail, and spots spread over the file.
 * Each copy is opened as the server opens it, and every row is then read with one full scan.
 *
 * The scan's count, distinct ids and a digest of every column are compared with those of the
 * undamaged file. Per damage kind the bench reports one of:
 * - refused with what to do;
 * - opened, and the scan refused with what to do;
 * - opened, answers exact (the damage hit bytes the table does not use);
 * - WRONG ANSWERS (must never happen);
 * - an error that does not say what to do.
 *
 *   npx tsx bench/fault-damaged-file.bench.ts
 *   npx tsx bench/fault-damaged-file.bench.ts --mb 300 --spots 32
 */
import {
  closeSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isAppError } from '../src/core/errors.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { BATCH, fillSpans, scanSpans, type SpansScan } from './fault-store-spans.js'
import { numArg } from './cli-args.js'

const BLOCK = 4096

/** Flips `length` bytes at `at` (XOR 0xff): a bit rot, not a zeroed page. */
function flip(path: string, at: number, length: number): void {
  const fd = openSync(path, 'r+')
  try {
    const buf = Buffer.alloc(length)
    readSync(fd, buf, 0, length, at)
    for (let k = 0; k < length; k++) {
      buf[k] = buf[k]! ^ 0xff
    }
    writeSync(fd, buf, 0, length, at)
  } finally {
    closeSync(fd)
  }
}

type Verdict =
  | 'refused with what to do'
  | 'opened, the scan refused with what to do'
  | 'opened, answers exact'
  | 'WRONG ANSWERS'
  | 'ERROR THAT DOES NOT SAY WHAT TO DO'

const says = (message: string, db: string): boolean =>
  /is damaged/.test(message) && message.includes(`mv ${db} ${db}.damaged`)

async function judge(
  db: string,
  good: SpansScan
): Promise<{ verdict: Verdict; detail: string; ms: number }> {
  const t0 = performance.now()
  let store
  try {
    store = await createDuckDbStore({ path: db })
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    return {
      verdict:
        isAppError(err) && says(message, db)
          ? 'refused with what to do'
          : 'ERROR THAT DOES NOT SAY WHAT TO DO',
      detail: message.split('\n')[0]!,
      ms: performance.now() - t0,
    }
  }
  try {
    const scan = await scanSpans(store)
    const exact =
      scan.n === good.n && scan.distinctIds === good.distinctIds && scan.digest === good.digest
    return {
      verdict: exact ? 'opened, answers exact' : 'WRONG ANSWERS',
      detail: exact
        ? `${scan.n} spans`
        : `${scan.n} spans, ${scan.distinctIds} ids, digest ${scan.digest} (good: ${good.n}, ${good.distinctIds}, ${good.digest})`,
      ms: performance.now() - t0,
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    return {
      verdict: says(message, db)
        ? 'opened, the scan refused with what to do'
        : 'ERROR THAT DOES NOT SAY WHAT TO DO',
      detail: message.split('\n')[0]!,
      ms: performance.now() - t0,
    }
  } finally {
    await store.close()
  }
}

const mb = numArg('--mb', 200)
const spots = numArg('--spots', 16)
const dir = mkdtempSync(join(tmpdir(), 'tokenline-damaged-'))
try {
  const good = join(dir, 'good.duckdb')
  const built = performance.now()
  const store = await createDuckDbStore({ path: good })
  let spans = 0
  while (statSync(good).size < mb * 1048576) {
    await fillSpans(store, spans, spans + 50 * BATCH)
    spans += 50 * BATCH
    await duckDbSharedOf(store)?.checkpoint()
  }
  const goodScan = await scanSpans(store)
  await store.close()
  const size = statSync(good).size
  const scanStarted = performance.now()
  const reopened = await createDuckDbStore({ path: good })
  await scanSpans(reopened)
  await reopened.close()
  const baseMs = performance.now() - scanStarted
  process.stdout.write(
    `good file: ${spans} spans, ${(size / 1048576).toFixed(0)} MiB, built in ${((scanStarted - built) / 1000).toFixed(0)} s; open + full scan ${baseMs.toFixed(0)} ms\n`
  )

  const at = (fraction: number): number => Math.floor((size * fraction) / BLOCK) * BLOCK
  const damages: { name: string; apply(path: string): void }[] = [
    { name: 'truncated to 10 KB (inside the headers)', apply: (p) => truncateSync(p, 10_000) },
    ...[0.1, 0.25, 0.5, 0.75, 0.9].map((f) => ({
      name: `truncated at ${f * 100}%`,
      apply: (p: string) => truncateSync(p, at(f)),
    })),
    { name: 'truncated by its last block', apply: (p) => truncateSync(p, size - BLOCK) },
    { name: 'truncated by its last byte', apply: (p) => truncateSync(p, size - 1) },
    { name: 'flipped: the file header (magic, version)', apply: (p) => flip(p, 0, 64) },
    { name: 'flipped: the first database header', apply: (p) => flip(p, BLOCK + 16, 32) },
    {
      name: 'flipped: both database headers',
      apply: (p) => {
        flip(p, BLOCK + 16, 32)
        flip(p, 2 * BLOCK + 16, 32)
      },
    },
    {
      name: 'flipped: 64 bytes of the first data block',
      apply: (p) => flip(p, 3 * BLOCK + 1000, 64),
    },
    { name: 'flipped: 64 bytes in the middle', apply: (p) => flip(p, at(0.5) + 1000, 64) },
    { name: 'flipped: 64 bytes of the last block', apply: (p) => flip(p, size - BLOCK + 1000, 64) },
    { name: 'flipped: 1 byte in the middle', apply: (p) => flip(p, at(0.5) + 2048, 1) },
    {
      name: `flipped: ${spots} spots of 16 bytes spread over the file`,
      apply: (p) => {
        for (let k = 0; k < spots; k++) {
          flip(p, 3 * BLOCK + Math.floor(((size - 4 * BLOCK) * (k + 0.5)) / spots), 16)
        }
      },
    },
  ]

  const counts = new Map<Verdict, number>()
  for (const d of damages) {
    const db = join(dir, 'damaged.duckdb')
    copyFileSync(good, db)
    d.apply(db)
    const { verdict, detail, ms } = await judge(db, goodScan)
    counts.set(verdict, (counts.get(verdict) ?? 0) + 1)
    process.stdout.write(
      `${d.name}: ${verdict} (${ms.toFixed(0)} ms, ${(ms / baseMs).toFixed(2)}× a good open + scan) — ${detail}\n`
    )
    rmSync(db, { force: true })
    rmSync(`${db}.wal`, { force: true })
  }
  process.stdout.write(
    `${damages.length} damage kinds: ${[...counts].map(([v, n]) => `${v} ${n}`).join(', ')}\n`
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
