import { AppError, errorMessage } from '../errors.js'

/**
 * `JSON.parse` of an OTLP/JSON body; throws `AppError('OTLP_DECODE_FAILED')` when the text is
 * not JSON at all (per-item problems are rejected later, item by item).
 */
export function parseOtlpJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new AppError('OTLP_DECODE_FAILED', `the body must be OTLP/JSON (${errorMessage(err)})`, {
      cause: err,
    })
  }
}
