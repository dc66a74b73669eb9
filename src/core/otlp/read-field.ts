/**
 * Reads a field by its camelCase name, falling back to the snake_case spelling. The Collector's
 * file exporter and protobuf decoders write camelCase; some hand-written producers use the
 * proto field names, and accepting both costs one extra property read only when the first
 * one misses.
 */
export function readField(obj: object, camel: string, snake: string): unknown {
  const record = obj as Record<string, unknown>
  const value = record[camel]
  return value === undefined ? record[snake] : value
}

/** `true` for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
