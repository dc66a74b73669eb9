import { api } from '../api/client.js'
import { h, mount } from '../charts/dom.js'
import { describeEvent, formatTimeUtc } from '../model/format.js'
import { firstWave } from './first-wave.js'
import { type LoadContext, showLoadError } from './load-context.js'

/** Change events of the window as a list; a click zooms around the event. */
export async function loadEvents(
  ctx: LoadContext,
  el: HTMLElement,
  redraw: () => void
): Promise<void> {
  try {
    const res = await api.events(firstWave.events(ctx), ctx.signal)
    const drawn = ctx.markers.length
    ctx.markers.splice(
      0,
      ctx.markers.length,
      ...res.events.map((e) => ({
        timeMs: e.time_ms,
        kind: e.kind,
        label:
          [e.message ?? e.reason, e.replica ?? e.node ?? e.version].filter(Boolean).join(' · ') ||
          e.kind,
      }))
    )
    // Every chart redraws to show the markers; with none drawn and none to draw, no chart
    // changes, and the redraws only held up this card (the page's last, ADR 0407).
    if (drawn > 0 || ctx.markers.length > 0) {
      redraw()
    }
    mount(
      el,
      res.events.length === 0
        ? h('div', { class: 'muted pad' }, 'no change events in this window')
        : res.events.slice(0, 30).map((e) =>
            h(
              'div',
              {
                class: 'event-row',
                title: 'zoom to ±10 minutes around this change',
                onclick: () =>
                  ctx.navigate({
                    range: {
                      kind: 'absolute',
                      fromMs: e.time_ms - 600_000,
                      toMs: e.time_ms + 600_000,
                    },
                  }),
              },
              h('span', { class: `kind k-${e.kind}` }, e.kind),
              h('span', { class: 'time' }, formatTimeUtc(e.time_ms).slice(5, 19)),
              h('span', { class: 'msg' }, describeEvent(e))
            )
          )
    )
  } catch (err) {
    showLoadError(el, ctx.signal, 'events', err)
  }
}
