/**
 * Group commit: `insertSpans` calls that arrive while a write is in progress are merged into one
 * transaction, so concurrent exporters share the cost of a commit (a WAL fsync) instead of
 * queueing one commit each. Every caller still resolves only after its rows are committed.
 * When a merged write fails, each caller's batch is retried alone so one bad batch cannot fail
 * the others.
 */
export interface WriteCoalescer<T> {
  submit(items: readonly T[]): Promise<void>
}

interface Pending<T> {
  items: readonly T[]
  resolve(): void
  reject(err: unknown): void
}

/**
 * `schedule` runs a task on the writer (in order with other writes); `write` commits a list of
 * items in one transaction. At most `maxItems` items are merged into one write.
 */
export function createWriteCoalescer<T>(
  schedule: (task: () => Promise<void>) => Promise<void>,
  write: (items: readonly T[]) => Promise<void>,
  maxItems = 50_000
): WriteCoalescer<T> {
  let pending: Pending<T>[] = []
  let scheduled = false

  const drain = async (): Promise<void> => {
    scheduled = false
    let count = 0
    let take = 0
    while (
      take < pending.length &&
      (take === 0 || count + (pending[take] as Pending<T>).items.length <= maxItems)
    ) {
      count += (pending[take] as Pending<T>).items.length
      take++
    }
    const group = pending.slice(0, take)
    pending = pending.slice(take)
    if (pending.length > 0) {
      scheduled = true
      void schedule(drain)
    }
    if (group.length === 1) {
      const only = group[0] as Pending<T>
      await write(only.items).then(only.resolve, only.reject)
      return
    }
    try {
      await write(group.flatMap((p) => p.items))
      for (const p of group) {
        p.resolve()
      }
    } catch {
      for (const p of group) {
        await write(p.items).then(p.resolve, p.reject)
      }
    }
  }

  return {
    submit(items) {
      return new Promise<void>((resolve, reject) => {
        pending.push({ items, resolve, reject })
        if (!scheduled) {
          scheduled = true
          void schedule(drain)
        }
      })
    },
  }
}
