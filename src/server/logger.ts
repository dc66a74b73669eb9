import type { Logger } from '../core/logger.js'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

/** One line per message on stderr: `time level message {fields}`. */
export function createConsoleLogger(level: LogLevel = 'info'): Logger {
  const min = ORDER[level]
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: object): void => {
    if (ORDER[lvl] < min) {
      return
    }
    const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : ''
    process.stderr.write(`${new Date().toISOString()} ${lvl} ${msg}${extra}\n`)
  }
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  }
}
