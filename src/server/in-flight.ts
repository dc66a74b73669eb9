import type { MiddlewareHandler } from 'hono'

/**
 * The API requests being answered, counted, so that background work can let the answers a page
 * is waiting for go first: a stale answer's refresh holds the server's one thread for seconds,
 * and the cheap answers asked beside it (the other card's stale one, the filter menus) would
 * wait behind it (ADR 0272).
 */
export interface InFlight {
  middleware: MiddlewareHandler
  /** Resolves once no request is being answered, or after `maxWaitMs` at the latest. */
  quiet(maxWaitMs: number): Promise<void>
}

export function createInFlight(): InFlight {
  let answering = 0
  let waiting: (() => void)[] = []
  return {
    async middleware(_c, next) {
      answering++
      try {
        await next()
      } finally {
        answering--
        if (answering === 0) {
          const wake = waiting
          waiting = []
          for (const w of wake) {
            w()
          }
        }
      }
    },
    quiet(maxWaitMs) {
      if (answering === 0) {
        return Promise.resolve()
      }
      return new Promise((resolve) => {
        const wake = (): void => {
          clearTimeout(timer)
          resolve()
        }
        // A waiter that timed out leaves the list: on a server that is never idle, every
        // refresh would otherwise leave one behind.
        const timer = setTimeout(() => {
          waiting = waiting.filter((w) => w !== wake)
          resolve()
        }, maxWaitMs)
        waiting.push(wake)
      })
    },
  }
}
