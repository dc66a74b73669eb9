/**
 * A request's eight dimensions stored once per distinct set (ADR 0492): `dimension_sets` holds
 * each set with an INTEGER id, `request_rows` the id, and the `requests` view joins them back.
 * Eight short strings cost DuckDB about as much to append as the other 42 columns (each value
 * checked, copied with its statistics and distinct-count hash, copied again at the commit and
 * into the WAL: ADR 0479); a deployment has a few sets, so a row's four-byte id replaces them.
 *
 * The writer keeps every committed set in memory, loaded from the table at open. A write that
 * meets a set not yet stored inserts it in its own transaction, before its rows, so no committed
 * row names a set the file lacks. Ids only grow: one a rolled-back write took is never given
 * again, so a reopened file whose WAL kept more than this process knew cannot get a second set
 * under an id it already holds (the table's primary key refuses that too).
 */
import type { DuckDBConnection, JS } from '@duckdb/node-api'
import { DIMENSIONS, type RequestTimeline } from '../../core/model/request.js'
import { appendAll, toNumber } from './connection.js'

type Dims = RequestTimeline['dims']

/** A level of the lookup: each dimension's value (null included) to the next level, or to an id. */
type Level = Map<string | null, Level | number>

/** One set and its id. */
export interface DimensionSet {
  id: number
  dims: Dims
}

export interface DimensionSets {
  /** Reads the stored sets (at open, and after a reopen: the file is what DuckDB kept). */
  load(connection: DuckDBConnection): Promise<void>
  /**
   * Gives every request's set an id, inserting the sets not stored yet into `dimension_sets` on
   * `connection`, inside the caller's transaction; returns them, for `forget` if it rolls back.
   */
  intern(
    connection: DuckDBConnection,
    requests: readonly RequestTimeline[]
  ): Promise<DimensionSet[]>
  /** Drops sets a rolled-back write added (their ids are not given again). */
  forget(added: readonly DimensionSet[]): void
  /**
   * Deletes the stored sets no request row names any more, inside the caller's transaction (a
   * retention delete's), and forgets them: held in memory, the sets of a high-cardinality
   * dimension would otherwise grow with every set ever seen, not with the rows kept.
   */
  prune(connection: DuckDBConnection): Promise<number>
  /** The id of a set `intern` has seen (a lookup of one map per dimension, no key string). */
  idOf(dims: Dims): number
  /** Sets known. */
  readonly size: number
}

/** The level below `level` for `value`, made when absent. */
function child(level: Level, value: string | null): Level {
  let next = level.get(value) as Level | undefined
  if (next === undefined) {
    next = new Map()
    level.set(value, next)
  }
  return next
}

/** A `dimension_sets` row read as `id, <DIMENSIONS…>`. */
function setOf(row: readonly JS[]): DimensionSet {
  const dims = {} as Record<string, string | null>
  DIMENSIONS.forEach((d, k) => {
    const v = row[k + 1]
    dims[d] = v === null || v === undefined ? null : String(v)
  })
  return { id: toNumber(row[0]), dims: dims as Dims }
}

export function createDimensionSets(): DimensionSets {
  let root: Level = new Map()
  let nextId = 0
  let size = 0
  const last = DIMENSIONS.length - 1

  const find = (dims: Dims): number | undefined => {
    let level: Level | number | undefined = root
    for (let k = 0; k < DIMENSIONS.length; k++) {
      level = (level as Level).get(dims[DIMENSIONS[k] as keyof Dims] ?? null)
      if (level === undefined) {
        return undefined
      }
    }
    return level as number
  }

  const add = (dims: Dims, id: number): void => {
    let level = root
    for (let k = 0; k < last; k++) {
      level = child(level, dims[DIMENSIONS[k] as keyof Dims] ?? null)
    }
    level.set(dims[DIMENSIONS[last] as keyof Dims] ?? null, id)
    size++
  }

  const forget = (added: readonly DimensionSet[]): void => {
    for (const { dims } of added) {
      let level: Level | undefined = root
      for (let k = 0; k < last && level !== undefined; k++) {
        const next: Level | number | undefined = level.get(
          dims[DIMENSIONS[k] as keyof Dims] ?? null
        )
        level = typeof next === 'number' ? undefined : next
      }
      if (level?.delete(dims[DIMENSIONS[last] as keyof Dims] ?? null) === true) {
        size--
      }
    }
  }

  return {
    get size() {
      return size
    },

    async load(connection) {
      const read = await connection.runAndReadAll(
        `SELECT id, ${DIMENSIONS.join(', ')} FROM dimension_sets`
      )
      root = new Map()
      size = 0
      let top = -1
      for (const row of read.getRowsJS()) {
        const { id, dims } = setOf(row)
        add(dims, id)
        top = Math.max(top, id)
      }
      // Never below what this process gave before: an id a rolled-back write took stays unused.
      nextId = Math.max(nextId, top + 1)
    },

    async intern(connection, requests) {
      const added: DimensionSet[] = []
      for (const r of requests) {
        if (find(r.dims) === undefined) {
          const id = nextId++
          add(r.dims, id)
          added.push({ id, dims: r.dims })
        }
      }
      if (added.length > 0) {
        try {
          await appendAll(connection, 'dimension_sets', added, (a, set) => {
            a.appendInteger(set.id)
            for (const d of DIMENSIONS) {
              const v = set.dims[d]
              if (v === null || v === undefined) {
                a.appendNull()
              } else {
                a.appendVarchar(v)
              }
            }
            a.endRow()
          })
        } catch (err) {
          forget(added)
          throw err
        }
      }
      return added
    },

    forget,

    async prune(connection) {
      // A set forgotten here whose delete then rolls back stays in the file unnamed by this
      // process: a later request with it gets a new id, a second row for an equal set, which the
      // view joins the same. The other way round (a set known here but gone from the file) would
      // hide rows, and cannot happen: nothing is forgotten before its delete ran.
      const gone = await connection.runAndReadAll(
        `DELETE FROM dimension_sets WHERE id NOT IN (SELECT DISTINCT dimension_set FROM request_rows)
         RETURNING id, ${DIMENSIONS.join(', ')}`
      )
      const sets = gone.getRowsJS().map(setOf)
      forget(sets)
      return sets.length
    },

    idOf(dims) {
      const id = find(dims)
      if (id === undefined) {
        // A write's rows are appended only after `intern` ran on them in the same transaction.
        throw new Error('a request row without an interned dimension set')
      }
      return id
    },
  }
}
