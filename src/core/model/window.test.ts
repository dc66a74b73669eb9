import { describe, expect, it } from 'vitest'
import type { Micros } from './units.js'
import { resolveWindowText, type WindowText } from './window.js'

const H = 3_600_000_000
const T = (iso: string): number => Date.parse(iso) * 1000
const NOW = T('2025-10-09T12:00:00Z') as Micros
const API = { anchorUs: NOW, defaultLengthUs: (H / 2) as Micros }
const FILES = { anchorUs: NOW, defaultLengthUs: null }
const EMPTY = { anchorUs: null, defaultLengthUs: null }

describe('resolveWindowText', () => {
  it.each<[string, WindowText, typeof API | typeof FILES | typeof EMPTY, object]>([
    ['since alone: back from the anchor', { since: '2h' }, API, { fromUs: NOW - 2 * H, toUs: NOW }],
    [
      'since with to: back from to',
      { since: '1h', to: '2025-10-09T08:00:00Z' },
      API,
      { fromUs: T('2025-10-09T07:00:00Z'), toUs: T('2025-10-09T08:00:00Z') },
    ],
    [
      'to alone (API): the default length before it',
      { to: '2025-10-09T08:00:00Z' },
      API,
      {
        fromUs: T('2025-10-09T07:30:00Z'),
        toUs: T('2025-10-09T08:00:00Z'),
      },
    ],
    [
      'to alone (files): open start',
      { to: '2025-10-09T08:00:00Z' },
      FILES,
      {
        toUs: T('2025-10-09T08:00:00Z'),
      },
    ],
    [
      'from alone: up to the anchor',
      { from: '1760000000000' },
      API,
      {
        fromUs: 1_760_000_000_000_000,
        toUs: NOW,
      },
    ],
    [
      'from and to, RFC 3339 to the µs and epoch ms',
      { from: '2025-10-09T11:00:00.123456Z', to: String(NOW / 1000) },
      API,
      { fromUs: T('2025-10-09T11:00:00Z') + 123_456, toUs: NOW },
    ],
    ['since on an empty store: open', { since: '30m' }, EMPTY, {}],
  ])('%s', (_name, text, options, window) => {
    expect(resolveWindowText(text, options)).toEqual({ window })
  })

  it.each<[string, WindowText, object]>([
    ['since with from', { since: '5m', from: '1760000000000' }, { name: 'since', actual: '5m' }],
    ['since without a unit', { since: '30' }, { name: 'since', actual: '30' }],
    ['since of zero', { since: '0s' }, { name: 'since', actual: '0s' }],
    ['from not an instant', { from: 'yesterday' }, { name: 'from', actual: 'yesterday' }],
    ['to past year 9999', { to: '99999999999999999' }, { name: 'to' }],
    [
      'from after to',
      { from: '2025-10-09T09:00:00Z', to: '2025-10-09T08:00:00Z' },
      { name: 'from', expected: 'before to (2025-10-09T08:00:00.000Z)' },
    ],
    [
      'from after the anchor',
      { from: '2025-10-09T13:00:00Z' },
      { name: 'from', expected: "before the window's end (2025-10-09T12:00:00.000Z)" },
    ],
  ])('names the problem: %s', (_name, text, problem) => {
    expect(resolveWindowText(text, API)).toEqual({ problem: expect.objectContaining(problem) })
  })
})
