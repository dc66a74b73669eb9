/**
 * Trace and span ids. OTLP/JSON carries them as hex; producers that follow the generic proto3
 * JSON mapping send base64 instead, and protobuf carries raw bytes. Everything becomes
 * lower-case hex here. Hand-written because `core` has no `Buffer` and the ES library has no
 * base64 codec.
 */

const HEX_BYTE: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_VALUE = new Int16Array(128).fill(-1)
for (let i = 0; i < BASE64_ALPHABET.length; i++) {
  BASE64_VALUE[BASE64_ALPHABET.charCodeAt(i)] = i
}
// The URL-safe alphabet decodes too.
BASE64_VALUE['-'.charCodeAt(0)] = 62
BASE64_VALUE['_'.charCodeAt(0)] = 63

const HEX_RE = /^[0-9a-fA-F]+$/

/** Lower-case hex of some bytes. */
export function hexFromBytes(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i++) {
    out += HEX_BYTE[bytes[i] as number]
  }
  return out
}

/** Standard base64 (with padding) of some bytes. */
export function base64FromBytes(bytes: Uint8Array): string {
  let out = ''
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const n =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number)
    out +=
      BASE64_ALPHABET[n >> 18]! +
      BASE64_ALPHABET[(n >> 12) & 63]! +
      BASE64_ALPHABET[(n >> 6) & 63]! +
      BASE64_ALPHABET[n & 63]!
  }
  const rest = bytes.length - i
  if (rest === 1) {
    const n = (bytes[i] as number) << 16
    out += BASE64_ALPHABET[n >> 18]! + BASE64_ALPHABET[(n >> 12) & 63]! + '=='
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8)
    out +=
      BASE64_ALPHABET[n >> 18]! +
      BASE64_ALPHABET[(n >> 12) & 63]! +
      BASE64_ALPHABET[(n >> 6) & 63]! +
      '='
  }
  return out
}

/** Decodes base64 (standard or URL-safe, padding optional); `null` when it is not base64. */
export function bytesFromBase64(text: string): Uint8Array | null {
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) {
    end--
  }
  if (text.length - end > 2 || end % 4 === 1) {
    return null
  }
  const out = new Uint8Array(Math.floor((end * 3) / 4))
  let acc = 0
  let bits = 0
  let o = 0
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    const v = c < 128 ? (BASE64_VALUE[c] as number) : -1
    if (v < 0) {
      return null
    }
    acc = (acc << 6) | v
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (acc >> bits) & 0xff
    }
  }
  return out
}

function isAllZero(hex: string): boolean {
  for (let i = 0; i < hex.length; i++) {
    if (hex.charCodeAt(i) !== 48) {
      return false
    }
  }
  return true
}

const HEX_OTHER = 0
const HEX_LOWER = 1
const HEX_ZERO = 2

/**
 * `HEX_LOWER` for lower-case hex digits that are not all zeros, `HEX_ZERO` for all zeros,
 * `HEX_OTHER` for anything else (upper case, base64, junk: the slower checks decide).
 */
function hexKind(text: string): number {
  let nonZero = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 48) {
      continue
    }
    if ((c > 48 && c <= 57) || (c >= 97 && c <= 102)) {
      nonZero = true
      continue
    }
    return HEX_OTHER
  }
  return nonZero ? HEX_LOWER : HEX_ZERO
}

/**
 * Normalises a trace id (`byteLength` 16) or span id (8) to lower-case hex.
 * Accepts hex in any case, base64 of the right length, or raw bytes. Returns `null` when the
 * value is missing, malformed or all zeros (OTLP's "invalid id").
 */
export function normaliseId(value: unknown, byteLength: 16 | 8): string | null {
  let hex: string
  if (typeof value === 'string') {
    if (value.length === byteLength * 2) {
      const kind = hexKind(value)
      if (kind === HEX_LOWER) {
        // The common case: the text is the id already (no copy, no regular expression).
        return value
      }
      if (kind === HEX_ZERO) {
        return null
      }
    }
    if (value.length === byteLength * 2 && HEX_RE.test(value)) {
      hex = value.toLowerCase()
    } else {
      const bytes = value.length <= byteLength * 2 ? bytesFromBase64(value) : null
      if (bytes === null || bytes.length !== byteLength) {
        return null
      }
      hex = hexFromBytes(bytes)
    }
  } else if (value instanceof Uint8Array) {
    if (value.length !== byteLength) {
      return null
    }
    hex = hexFromBytes(value)
  } else {
    return null
  }
  return isAllZero(hex) ? null : hex
}

/** `true` when a parent id field is absent or empty (a root span). */
export function isEmptyId(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (value instanceof Uint8Array && value.length === 0)
  )
}
