/**
 * Opens a ClickHouse store from a URL: `clickhouse://host[:8123]` (HTTP), `clickhouses://host[:8443]`
 * (HTTPS), `http(s)://…` as given, or `chdb:///data/dir` for ClickHouse embedded in this process
 * (the optional `chdb` package). Credentials come from the options (environment), or the URL.
 */
import { readFile } from 'node:fs/promises'
import { AppError } from '../../core/errors.js'
import type { SpanStore } from '../span-store.js'
import { createChdbExecutor } from './chdb-executor.js'
import { createClickHouseStore } from './clickhouse-store.js'
import type { ClickHouseExecutor } from './executor.js'
import { createHttpExecutor } from './http-executor.js'
import type { ClickHouseTables } from './schema.js'
import { withInsertRetry } from './retrying-executor.js'
import type { Logger } from '../../core/logger.js'

export interface OpenClickHouseOptions {
  url: string
  database: string
  username?: string
  password?: string
  /** PEM file of the CA for https, when the server's certificate is not from a public CA. */
  caFile?: string
  ttlDays?: number
  tables?: Partial<ClickHouseTables>
  /** Receives the retry warnings of a server that went away (see `retrying-executor.ts`). */
  logger?: Logger
}

function invalid(url: string, why: string): AppError {
  return new AppError(
    'CONFIG_INVALID',
    `expected store.url like clickhouse://host:8123, clickhouses://host:8443, https://host:8443 or chdb:///data/dir, got "${url}": ${why}`
  )
}

/** The executor a URL names (no round trip yet for HTTP). */
export async function executorForUrl(options: OpenClickHouseOptions): Promise<ClickHouseExecutor> {
  let url: URL
  try {
    url = new URL(options.url)
  } catch {
    throw invalid(options.url, 'not a URL')
  }
  if (url.protocol === 'chdb:') {
    const path = decodeURIComponent(url.pathname)
    if (path === '' || path === '/') {
      throw invalid(options.url, 'no data directory')
    }
    return createChdbExecutor(path)
  }
  const schemes: Record<string, [string, string]> = {
    'clickhouse:': ['http:', '8123'],
    'clickhouses:': ['https:', '8443'],
    'http:': ['http:', '8123'],
    'https:': ['https:', '8443'],
  }
  const scheme = schemes[url.protocol]
  if (!scheme) {
    throw invalid(options.url, `unknown scheme ${url.protocol}`)
  }
  const base = `${scheme[0]}//${url.hostname}:${url.port || scheme[1]}`
  const username = options.username ?? (url.username ? decodeURIComponent(url.username) : undefined)
  const password = options.password ?? (url.password ? decodeURIComponent(url.password) : undefined)
  let caCert: Buffer | undefined
  if (options.caFile) {
    caCert = await readFile(options.caFile).catch((err: unknown) => {
      throw new AppError('CONFIG_INVALID', `could not read store.caFile ${options.caFile}`, {
        cause: err,
      })
    })
  }
  // A server can restart under ingest; embedded chdb cannot go away, so only HTTP retries.
  return withInsertRetry(
    createHttpExecutor({
      url: base,
      database: options.database,
      ...(username !== undefined ? { username } : {}),
      ...(password !== undefined ? { password } : {}),
      ...(caCert ? { caCert } : {}),
    }),
    options.logger === undefined ? {} : { logger: options.logger }
  )
}

/** Opens the store (applying migrations); the executor is closed again when that fails. */
export async function openClickHouseStore(options: OpenClickHouseOptions): Promise<SpanStore> {
  const executor = await executorForUrl(options)
  try {
    return await createClickHouseStore({
      executor,
      database: options.database,
      ...(options.ttlDays !== undefined ? { ttlDays: options.ttlDays } : {}),
      ...(options.tables ? { tables: options.tables } : {}),
    })
  } catch (err) {
    await executor.close()
    throw err
  }
}
