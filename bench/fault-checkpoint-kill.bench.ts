/**
 * SIGKILL in the middle of a large DuckDB checkpoint, full size (test/integration/store-damage.test.ts
 * is the small one). A base file of `--base-mb` MiB of spans is built once. Each of `--runs` runs
 * copies it, and a child process opens the copy with the server's store. The child appends
 * `--wal-spans` spans in acknowledged batches: the WAL holds them, since the store's checkpoint
 * threshold is 256 MiB. Then it folds them into the file with CHECKPOINT. The parent SIGKILLs it
 * at a random point of that checkpoint: uniform over the checkpoint's duration, measured once
 * beforehand without a kill.
 *
 * After each kill the bench opens the file as the server does and times it. It reports:
 * - opened cleanly, or refused with a message that says what to do;
 * - wrong answers (must be 0). A full scan checks that the span count is whole batches, that
 *   no trace id repeats, and that the ids are exactly 0..n−1 (the sum and the maximum);
 * - acknowledged spans lost (must be 0);
 * - the recovery time (open, replay of the WAL, first answer).
 *
 *   npx tsx bench/fault-checkpoint-kill.bench.ts
 *   npx tsx bench/fault-checkpoint-kill.bench.ts --runs 20 --base-mb 400 --wal-spans 600000
 */
import { spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isAppError } from '../src/core/errors.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { readStoredSpans } from '../src/storage/duckdb/span-writes.js'
import type { SpanStore } from '../src/storage/span-store.js'
import { BATCH, fillSpans, insertRange } from './fault-store-spans.js'
import { numArg } from './cli-args.js'

// The child: appends `walSpans` spans after those in the file, acknowledging each batch on
// stdout, then prints `checkpoint`, checkpoints, prints `checkpointed <ms>` and waits.
if (process.argv[2] === '--child') {
  const [db, walText] = process.argv.slice(3)
  const store = await createDuckDbStore({ path: db! })
  const first = (await store.stats()).spans
  const last = first + Number(walText)
  for (let at = first; at < last; at += BATCH) {
    await insertRange(store, at, Math.min(last, at + BATCH))
    process.stdout.write(`ack ${Math.min(last, at + BATCH)}\n`)
  }
  process.stdout.write('checkpoint\n')
  const t0 = performance.now()
  await duckDbSharedOf(store)?.checkpoint()
  process.stdout.write(`checkpointed ${(performance.now() - t0).toFixed(0)}\n`)
  setInterval(() => undefined, 60_000)
} else {
  await main()
}

interface ChildRun {
  /** Spans in the file once the last acknowledged batch was written (base + appended). */
  acked: number
  /** Checkpoint time when not killed, else null. */
  checkpointMs: number | null
  /** Whether the kill landed while the checkpoint ran. */
  duringCheckpoint: boolean
}

/** Runs the child on `db`; kills it `killAfterMs` into its checkpoint, or lets it finish (null). */
function runChild(db: string, walSpans: number, killAfterMs: number | null): Promise<ChildRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', db, String(walSpans)],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let acked = 0
    let checkpointMs: number | null = null
    let inCheckpoint = false
    let duringCheckpoint = false
    let buffer = ''
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString()
      let nl: number
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        const ack = /^ack (\d+)$/.exec(line)
        const done = /^checkpointed (\d+)$/.exec(line)
        if (ack) {
          acked = Number(ack[1])
        } else if (line === 'checkpoint') {
          inCheckpoint = true
          if (killAfterMs !== null) {
            setTimeout(() => {
              duringCheckpoint = inCheckpoint
              child.kill('SIGKILL')
            }, killAfterMs)
          }
        } else if (done) {
          inCheckpoint = false
          checkpointMs = Number(done[1])
          if (killAfterMs === null) {
            child.kill('SIGTERM')
          }
        }
      }
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || (killAfterMs === null && checkpointMs !== null)) {
        resolvePromise({ acked, checkpointMs, duringCheckpoint })
      } else {
        reject(
          new Error(`child ended (${String(code ?? signal)}) before its checkpoint: ${stderr}`)
        )
      }
    })
  })
}

type Outcome =
  | { kind: 'opened'; spans: number; wrong: string[]; recoveryMs: number }
  | { kind: 'refused'; message: string; clear: boolean; recoveryMs: number }

/** Opens `db` as the server does, and checks every row with one full scan. */
async function openAndCheck(db: string): Promise<Outcome> {
  const t0 = performance.now()
  let store: SpanStore
  try {
    store = await createDuckDbStore({ path: db })
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    return {
      kind: 'refused',
      message,
      clear: isAppError(err) && /is damaged/.test(message) && message.includes(`mv ${db}`),
      recoveryMs: performance.now() - t0,
    }
  }
  try {
    const { spans } = await store.stats()
    const recoveryMs = performance.now() - t0
    // Every stored span read back whole (the older rows and every write's body, ADR 0395).
    const stored = await duckDbSharedOf(store)!.read((conn) => readStoredSpans(conn))
    let total = 0n
    let top = -1
    for (const s of stored) {
      const i = Number(s.attributes['i'])
      total += BigInt(i)
      top = Math.max(top, i)
    }
    const row = { ids: new Set(stored.map((s) => s.traceId)).size, total, top }
    const n = stored.length
    const wrong: string[] = []
    if (n !== spans) {
      wrong.push(`stats says ${spans} spans, a scan counts ${n}`)
    }
    if (n % BATCH !== 0) {
      wrong.push(`${n} spans is not whole batches of ${BATCH}`)
    }
    if (row.ids !== n) {
      wrong.push(`${n} spans but ${row.ids} distinct ids`)
    }
    if (row.total !== (BigInt(n) * BigInt(n - 1)) / 2n) {
      wrong.push(`the ids do not sum to those of 0..${n - 1}`)
    }
    if (row.top !== n - 1) {
      wrong.push(`the largest id is ${row.top}, not ${n - 1}`)
    }
    return { kind: 'opened', spans: n, wrong, recoveryMs }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    return {
      kind: 'refused',
      message,
      clear: /is damaged/.test(message),
      recoveryMs: performance.now() - t0,
    }
  } finally {
    await store.close()
  }
}

async function main(): Promise<void> {
  const runs = numArg('--runs', 10)
  const baseMb = numArg('--base-mb', 300)
  const walSpans = Math.ceil(numArg('--wal-spans', 400_000) / BATCH) * BATCH
  const dir = mkdtempSync(join(tmpdir(), 'tokenline-checkpoint-kill-'))
  try {
    const base = join(dir, 'base.duckdb')
    const built = performance.now()
    const store = await createDuckDbStore({ path: base })
    let spans = 0
    while (statSync(base).size < baseMb * 1048576) {
      await fillSpans(store, spans, spans + 50 * BATCH)
      spans += 50 * BATCH
      await duckDbSharedOf(store)?.checkpoint()
    }
    await store.close()
    const baseBytes = statSync(base).size
    process.stdout.write(
      `base file: ${spans} spans, ${(baseBytes / 1048576).toFixed(0)} MiB, built in ${((performance.now() - built) / 1000).toFixed(0)} s\n`
    )

    // One checkpoint without a kill: how long it takes, and how much it adds to the file.
    const calibration = join(dir, 'calibration.duckdb')
    copyFileSync(base, calibration)
    const cal = await runChild(calibration, walSpans, null)
    const checkpointMs = cal.checkpointMs!
    const grownMb = (statSync(calibration).size - baseBytes) / 1048576
    rmSync(calibration, { force: true })
    process.stdout.write(
      `checkpoint of ${walSpans} appended spans: ${checkpointMs} ms, the file grows by ${grownMb.toFixed(0)} MiB\n`
    )

    const tally = { cleanly: 0, refusedClear: 0, refusedUnclear: 0, wrong: 0, lost: 0, inside: 0 }
    const recovery: number[] = []
    for (let r = 0; r < runs; r++) {
      const db = join(dir, `run-${r}.duckdb`)
      copyFileSync(base, db)
      const killAfterMs = Math.floor(Math.random() * checkpointMs)
      const child = await runChild(db, walSpans, killAfterMs)
      const walMb = (() => {
        try {
          return statSync(`${db}.wal`).size / 1048576
        } catch {
          return 0
        }
      })()
      const out = await openAndCheck(db)
      recovery.push(out.recoveryMs)
      tally.inside += child.duringCheckpoint ? 1 : 0
      let line = `run ${r}: kill ${killAfterMs} ms into the checkpoint${child.duringCheckpoint ? '' : ' (after it ended)'}, WAL ${walMb.toFixed(0)} MiB, ${child.acked} spans acknowledged: `
      if (out.kind === 'opened') {
        const lost = Math.max(0, child.acked - out.spans)
        tally.lost += lost
        if (out.wrong.length > 0) {
          tally.wrong++
          line += `WRONG ANSWERS: ${out.wrong.join('; ')}`
        } else {
          tally.cleanly++
          line += `opened cleanly, ${out.spans} spans, ${lost} lost`
        }
      } else if (out.clear) {
        tally.refusedClear++
        line += `refused: ${out.message.split('\n')[0]}`
      } else {
        tally.refusedUnclear++
        line += `REFUSED WITHOUT SAYING WHAT TO DO: ${out.message.split('\n')[0]}`
      }
      process.stdout.write(`${line}; recovery ${out.recoveryMs.toFixed(0)} ms\n`)
      rmSync(db, { force: true })
      rmSync(`${db}.wal`, { force: true })
    }
    recovery.sort((a, b) => a - b)
    process.stdout.write(
      [
        `${runs} kills (${tally.inside} inside the checkpoint): opened cleanly ${tally.cleanly}, ` +
          `refused with what to do ${tally.refusedClear}, refused unclearly ${tally.refusedUnclear}, ` +
          `wrong answers ${tally.wrong}, acknowledged spans lost ${tally.lost}`,
        `recovery (open + WAL replay + first answer): median ${recovery[Math.floor(recovery.length / 2)]!.toFixed(0)} ms, ` +
          `max ${recovery.at(-1)!.toFixed(0)} ms; checkpoint without a kill ${checkpointMs} ms (recovery / checkpoint ${(recovery[Math.floor(recovery.length / 2)]! / checkpointMs).toFixed(2)}×)`,
      ].join('\n') + '\n'
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
