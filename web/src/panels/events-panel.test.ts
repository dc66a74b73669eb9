import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseViewState } from '../pages/dashboard/url.js'
import { loadEvents } from './events-panel.js'
import type { LoadContext } from './load-context.js'

/** The few DOM calls the card's rendering makes, recorded instead of drawn. */
interface FakeElement {
  children: unknown[]
  setAttribute: () => void
  addEventListener: () => void
  append: (...c: unknown[]) => void
  replaceChildren: () => void
}
function fakeElement(): FakeElement {
  const el: FakeElement = {
    children: [],
    setAttribute: () => undefined,
    addEventListener: () => undefined,
    append: (...c) => void el.children.push(...c),
    replaceChildren: () => void (el.children.length = 0),
  }
  return el
}

function contextOf(): LoadContext {
  return {
    state: parseViewState(''),
    range: { fromMs: 0, toMs: 3_600_000 },
    stepMs: 60_000,
    grid: [],
    signal: new AbortController().signal,
    markers: [],
    charts: [],
    navigate: () => undefined,
  } as unknown as LoadContext
}

function answering(events: unknown[]): void {
  vi.stubGlobal('fetch', async () =>
    Response.json({ events }, { headers: { 'content-type': 'application/json' } })
  )
}

describe('events card', () => {
  beforeEach(() => {
    vi.stubGlobal('document', { createElement: fakeElement })
    vi.stubGlobal('location', { hash: '', pathname: '/', search: '' })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('redraws the charts only when there are markers to draw (ADR 0407)', async () => {
    let redraws = 0
    answering([])
    const empty = contextOf()
    await loadEvents(empty, fakeElement() as unknown as HTMLElement, () => redraws++)
    // No change event in the window: no chart changes, so none is drawn again.
    expect(redraws).toBe(0)

    answering([{ time_ms: 1_000, kind: 'deploy', version: 'v2' }])
    const one = contextOf()
    await loadEvents(one, fakeElement() as unknown as HTMLElement, () => redraws++)
    expect(one.markers).toHaveLength(1)
    expect(redraws).toBe(1)
  })
})
