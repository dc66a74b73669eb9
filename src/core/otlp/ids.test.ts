import { describe, expect, it } from 'vitest'
import { base64FromBytes, bytesFromBase64, normaliseId } from './ids.js'

describe('normaliseId', () => {
  const hex = '0af7651916cd43dd8448eb211c80319c'
  const bytes = Uint8Array.from(Buffer.from(hex, 'hex'))

  it.each([
    ['lower-case hex', hex, hex],
    ['upper-case hex', hex.toUpperCase(), hex],
    ['standard base64', Buffer.from(bytes).toString('base64'), hex],
    ['URL-safe base64 without padding', Buffer.from(bytes).toString('base64url'), hex],
    ['bytes', bytes, hex],
    ['all zeros', '0'.repeat(32), null],
    ['31 hex digits', hex.slice(1), null],
    ['33 hex digits', `${hex}0`, null],
    ['base64 of 15 bytes', Buffer.from(bytes.subarray(1)).toString('base64'), null],
    ['7 bytes for a trace id', bytes.subarray(0, 7), null],
    ['a number', 12, null],
    ['missing', undefined, null],
  ])('%s', (_label, input, expected) => {
    expect(normaliseId(input, 16)).toBe(expected)
  })
})

describe('base64 helpers', () => {
  it.each([0, 1, 2, 3, 4, 5, 16, 255])('round-trip %i bytes like Node does', (length) => {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + 13) & 0xff)
    const text = base64FromBytes(bytes)
    expect(text).toBe(Buffer.from(bytes).toString('base64'))
    expect(bytesFromBase64(text)).toEqual(bytes)
  })

  it('refuses text outside the alphabet', () => {
    expect(bytesFromBase64('ab$d')).toBeNull()
    expect(bytesFromBase64('a')).toBeNull()
  })
})
