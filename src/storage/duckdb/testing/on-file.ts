import { DuckDBInstance } from '@duckdb/node-api'

/** Runs SQL on a closed store's DuckDB file, with no store around it (one thread). */
export async function onFile<T>(
  path: string,
  work: (run: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>
): Promise<T> {
  const instance = await DuckDBInstance.create(path, { threads: '1' })
  const connection = await instance.connect()
  try {
    return await work(async (sql) => (await connection.runAndReadAll(sql)).getRowObjectsJS())
  } finally {
    connection.closeSync()
    instance.closeSync()
  }
}
