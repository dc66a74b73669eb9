/**
 * Runs async tasks one at a time, in submission order. A DuckDB connection runs one statement
 * at a time and a transaction spans several awaits, so every use of the shared connection goes
 * through one queue. A failed task does not stop the tasks after it.
 */
export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>
  /** Resolves when every task submitted so far has settled. */
  idle(): Promise<void>
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task, task)
      tail = result.catch(() => undefined)
      return result
    },
    idle() {
      return tail.then(() => undefined)
    },
  }
}
