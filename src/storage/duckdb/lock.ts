/**
 * The server lock file beside a DuckDB database (`<db>.lock`). DuckDB lets one process open a
 * file; the lock file lets a second process say *which* server holds it and where to query it.
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises'

export interface ServerLockInfo {
  pid: number
  apiUrl: string
  otlpUrl: string
}

/** Path of the lock file of a database file. */
export function lockPathFor(dbPath: string): string {
  return `${dbPath}.lock`
}

/** True when a process with this pid exists (signal 0 probes without signalling). */
export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) {
    return false
  }
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readLockFile(dbPath: string): Promise<ServerLockInfo | null> {
  let text: string
  try {
    text = await readFile(lockPathFor(dbPath), 'utf8')
  } catch {
    return null
  }
  try {
    const parsed = JSON.parse(text) as Partial<ServerLockInfo>
    if (typeof parsed.pid !== 'number') {
      return null
    }
    return {
      pid: parsed.pid,
      apiUrl: String(parsed.apiUrl ?? ''),
      otlpUrl: String(parsed.otlpUrl ?? ''),
    }
  } catch {
    return null
  }
}

/** Writes the lock file atomically (temp file + rename). */
export async function writeServerLock(dbPath: string, info: ServerLockInfo): Promise<void> {
  const target = lockPathFor(dbPath)
  const temp = `${target}.${process.pid}.tmp`
  const body = {
    pid: info.pid,
    apiUrl: info.apiUrl,
    otlpUrl: info.otlpUrl,
    startedAt: new Date().toISOString(),
  }
  await writeFile(temp, `${JSON.stringify(body, null, 2)}\n`, 'utf8')
  await rename(temp, target)
}

/** The lock of a live process, or `null` when there is none or its process is gone. */
export async function readServerLock(dbPath: string): Promise<ServerLockInfo | null> {
  const info = await readLockFile(dbPath)
  return info && isPidAlive(info.pid) ? info : null
}

/** Removes the lock file unless it belongs to another live process. Missing file is fine. */
export async function removeServerLock(dbPath: string): Promise<void> {
  const info = await readLockFile(dbPath)
  if (info && info.pid !== process.pid && isPidAlive(info.pid)) {
    return
  }
  try {
    await unlink(lockPathFor(dbPath))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw err
    }
  }
}
