/**
 * The server executor: a ClickHouse server (or cluster entry point) over HTTP(S) through the
 * official `@clickhouse/client`. Results are read as raw streams so `RowBinary` arrives as bytes.
 */
import { Readable } from 'node:stream'
import { createClient } from '@clickhouse/client'
import { AppError, errorMessage } from '../../core/errors.js'
import type { ClickHouseExecutor, JsonRow } from './executor.js'

export interface HttpExecutorOptions {
  /** `http://host:8123` or `https://host:8443`. */
  url: string
  database: string
  username?: string
  password?: string
  /** PEM of the CA that signed the server's certificate (https only), when not a public CA. */
  caCert?: Buffer
  /** Per-request timeout (ms). */
  requestTimeoutMs?: number
}

function wrap(err: unknown, sql: string): AppError {
  const message = errorMessage(err)
  return new AppError(
    'STORE_UNAVAILABLE',
    `ClickHouse refused a statement: ${message} (statement: ${sql.slice(0, 200)})`,
    { cause: err }
  )
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** Creates the HTTP executor (no round trip until the first statement). */
export function createHttpExecutor(options: HttpExecutorOptions): ClickHouseExecutor {
  const client = createClient({
    url: options.url,
    database: options.database,
    ...(options.username !== undefined ? { username: options.username } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
    ...(options.caCert ? { tls: { ca_cert: options.caCert } } : {}),
    request_timeout: options.requestTimeoutMs ?? 300_000,
    application: 'tokenline',
    // Acknowledged means written: the insert returns once the parts are on disk.
    clickhouse_settings: { async_insert: 0, wait_end_of_query: 1 },
  })
  const exec = async (sql: string): Promise<Buffer> => {
    try {
      const result = await client.exec({ query: sql })
      return await readAll(result.stream as Readable)
    } catch (err) {
      throw wrap(err, sql)
    }
  }
  return {
    async rows(sql) {
      const text = (await exec(`${sql}\nFORMAT JSONEachRow`)).toString('utf8')
      const out: JsonRow[] = []
      for (const line of text.split('\n')) {
        if (line.length > 0) {
          out.push(JSON.parse(line) as JsonRow)
        }
      }
      return out
    },
    async binary(sql, format = 'Native') {
      return new Uint8Array(await exec(`${sql}\nFORMAT ${format}`))
    },
    async command(sql) {
      try {
        await client.command({ query: sql })
      } catch (err) {
        throw wrap(err, sql)
      }
    },
    async insertJson(table, body, insert) {
      try {
        // The body is sent as it is: `client.insert` JSON-encodes every object of its stream,
        // which turned the ready-made lines into one quoted string ClickHouse cannot parse.
        const result = await client.exec({
          query: `INSERT INTO ${table} FORMAT JSONEachRow`,
          values: Readable.from([Buffer.from(body)], { objectMode: false }),
          ...(insert?.dedupToken !== undefined
            ? { clickhouse_settings: { insert_deduplication_token: insert.dedupToken } }
            : {}),
        })
        await readAll(result.stream as Readable)
      } catch (err) {
        throw wrap(err, `INSERT INTO ${table}`)
      }
    },
    close: () => client.close(),
  }
}
