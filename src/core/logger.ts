/** Logging is injected: core and adapters receive a `Logger`, only composition roots create one. */
export interface Logger {
  debug(msg: string, fields?: object): void
  info(msg: string, fields?: object): void
  warn(msg: string, fields?: object): void
  error(msg: string, fields?: object): void
}

/** A logger that drops everything (tests, library use). */
export function createSilentLogger(): Logger {
  const drop = (): void => {}
  return { debug: drop, info: drop, warn: drop, error: drop }
}
