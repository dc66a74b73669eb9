import { durationProblem, parseDurationMs } from '../core/model/duration.js'
import { AppError } from '../core/errors.js'

/**
 * A duration flag (`--duration 20m`) in milliseconds, by the one grammar of
 * core/model/duration.ts; anything else, zero included, is a usage error naming the flag.
 */
export function parseDurationFlag(flag: string, text: string): number {
  const ms = parseDurationMs(text)
  if (ms === null || !(ms > 0)) {
    throw new AppError(
      'INPUT_INVALID',
      ms === null
        ? durationProblem(flag, text)
        : `${flag} must be longer than 0 (actual: ${JSON.stringify(text)})`
    )
  }
  return ms
}
