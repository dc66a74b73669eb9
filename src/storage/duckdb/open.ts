/** Opening a DuckDB file, turning DuckDB's lock error into an actionable STORE_LOCKED. */
import { DuckDBInstance } from '@duckdb/node-api'
import { AppError, errorMessage } from '../../core/errors.js'
import { readServerLock, type ServerLockInfo } from './lock.js'

/**
 * DuckDB checkpoints (folds the WAL into the file) when the WAL passes 16 MB by default. Under
 * steady span ingest that means rewriting the same partly filled row group every few seconds;
 * a larger threshold roughly doubled insert throughput in bench/store-ingest.bench.ts. The cost
 * is a longer WAL replay when a crashed process's file is reopened.
 */
const DEFAULT_CHECKPOINT_BYTES = 256 * 1024 * 1024

/** Memory settings of a DuckDB file, from the server's memory budget (src/ingest/admission/memory-budget.ts). */
export interface DuckDbMemoryOptions {
  /** DuckDB `memory_limit` in bytes; 0 or absent: DuckDB's default (80 % of the host's RAM). */
  memoryLimitBytes?: number
  /** WAL size that triggers a checkpoint, in bytes; 0 or absent: 256 MiB. */
  checkpointThresholdBytes?: number
  /**
   * DuckDB's worker threads (`threads`); 0 or absent: DuckDB's default, one per core. With 1 a
   * statement runs on the thread that asks for it, with no worker waiting beside it (ADR 0249).
   */
  threads?: number
}

/** The instance options for a file database (an in-memory one keeps DuckDB's defaults). */
function instanceOptions(memory: DuckDbMemoryOptions): Record<string, string> {
  const checkpoint = memory.checkpointThresholdBytes ?? 0
  const options: Record<string, string> = {
    checkpoint_threshold: `${Math.floor(checkpoint > 0 ? checkpoint : DEFAULT_CHECKPOINT_BYTES)}B`,
    // DuckDB's allocator (jemalloc) returns freed pages to the system only while it allocates,
    // unless its background thread does it: a writer left idle by refusals kept ~300 MiB of
    // freed pages resident above the memory limiter's soft limit (ADR 0256).
    allocator_background_threads: 'true',
  }
  const threads = memory.threads ?? 0
  if (threads > 0) {
    options['threads'] = String(Math.floor(threads))
  }
  const limit = memory.memoryLimitBytes ?? 0
  if (limit > 0) {
    options['memory_limit'] = `${Math.floor(limit)}B`
  }
  return options
}

function lockedByServer(path: string, lock: ServerLockInfo): AppError {
  return new AppError(
    'STORE_LOCKED',
    `the database ${path} is held by a running \`tokenline serve\` (pid ${lock.pid}, API ${lock.apiUrl}); query that server with --server ${lock.apiUrl} or stop it`
  )
}

/**
 * What DuckDB says of a damaged file, as a short cause, or null for another failure. DuckDB
 * checks a checksum on every block it reads, so a damaged block is an error, never a wrong row.
 */
export function damageOf(message: string): string | null {
  if (/Could not read enough bytes from file/i.test(message)) {
    return 'the file is shorter than its own header says (truncated)'
  }
  if (/not a valid DuckDB database file/i.test(message)) {
    return 'the file is not a DuckDB database (its header is overwritten or it is another file)'
  }
  if (/Corrupt database file|checksum/i.test(message)) {
    return 'a block of the file fails its checksum (corrupted)'
  }
  if (/Failure while replaying WAL|replaying WAL|WAL file/i.test(message)) {
    return 'its write-ahead log (.wal) cannot be replayed'
  }
  return null
}

/** The refusal for a damaged file: what is wrong and what to do, never a silent empty store. */
export function damagedFile(
  path: string,
  damage: string,
  message: string,
  cause: unknown
): AppError {
  return new AppError(
    'STORE_UNAVAILABLE',
    `the database ${path} is damaged: ${damage}. Tokenline does not open a damaged database. Stop every process using it, then either restore it (and its .wal) from a backup, or move it aside to start empty (mv ${path} ${path}.damaged; mv ${path}.wal ${path}.wal.damaged if present); to salvage what is readable, open the moved file with the duckdb CLI and EXPORT DATABASE (DuckDB: ${message})`,
    { cause }
  )
}

/**
 * Opens (creating when absent) a DuckDB database. A live server lock file means another
 * `tokenline serve` owns the file; otherwise DuckDB's own lock error is reported with its pid.
 */
export async function openDuckDbInstance(
  path: string,
  memory: DuckDbMemoryOptions = {}
): Promise<DuckDBInstance> {
  const inMemory = path === ':memory:' || path === ''
  if (!inMemory) {
    const lock = await readServerLock(path)
    if (lock && lock.pid !== process.pid) {
      throw lockedByServer(path, lock)
    }
  }
  try {
    return await DuckDBInstance.create(
      inMemory ? ':memory:' : path,
      inMemory ? { checkpoint_threshold: '256MB' } : instanceOptions(memory)
    )
  } catch (err) {
    const message = errorMessage(err)
    // Not /lock/: "block" is in checksum errors of a damaged file.
    if (/Could not set lock|Conflicting lock|\block on file/i.test(message)) {
      // The server may have written its lock file between our check and DuckDB's refusal.
      const lock = inMemory ? null : await readServerLock(path)
      if (lock) {
        throw lockedByServer(path, lock)
      }
      const pid = /PID (\d+)/.exec(message)?.[1]
      throw new AppError(
        'STORE_LOCKED',
        `the database ${path} is held by another process${pid ? ` (pid ${pid})` : ''}; stop it, or if it is a \`tokenline serve\`, query it with --server URL (DuckDB: ${message})`,
        { cause: err }
      )
    }
    const damage = damageOf(message)
    if (damage !== null && !inMemory) {
      throw damagedFile(path, damage, message, err)
    }
    throw new AppError('STORE_UNAVAILABLE', `could not open the database ${path}: ${message}`, {
      cause: err,
    })
  }
}
