import type { Hono } from 'hono'
import { parseEvents } from '../../core/events/parse-events.js'
import { EVENT_KINDS } from '../../core/model/event.js'
import type { AppDeps } from '../app-deps.js'
import { DEFAULT_MAX_FUTURE_SKEW_MS } from '../otlp-app.js'
import { apiLimitsOf } from '../limits.js'
import { parseChoices, parseWindow } from '../params.js'
import { toEventJson } from './json-views.js'
import { readBody } from './read-body.js'

/** `GET /api/events` (window, `kind` filter) and `POST /api/events` (JSON Lines or a Kubernetes event list). */
export function registerEventRoutes(
  app: Hono,
  deps: Pick<AppDeps, 'store' | 'ingest' | 'limits' | 'now'>
): void {
  app.get('/api/events', async function listEvents(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store, apiLimitsOf(deps))
    const kinds = parseChoices(query, 'kind', EVENT_KINDS)
    const events = await deps.store.queryEvents({
      ...window,
      ...(kinds.length > 0 ? { kinds } : {}),
    })
    return c.json({ events: events.map(toEventJson) })
  })

  app.post('/api/events', async function postEvents(c) {
    const body = await readBody(c.req.raw, deps.limits.maxBodyBytes)
    // The bound a span's time has on this server: an event past it is a wrong clock or a typo.
    const skewMs = deps.limits.maxFutureSkewMs ?? DEFAULT_MAX_FUTURE_SKEW_MS
    const { events, rejected } = parseEvents(new TextDecoder().decode(body), {
      latestUs: (deps.now() + skewMs) * 1000,
    })
    if (events.length === 0 && rejected.length > 0) {
      return c.json(
        {
          error: {
            code: 'INPUT_INVALID',
            message: `no usable event in the body (expected JSON Lines of change events or a Kubernetes event list; first problem: line ${rejected[0]?.line}: ${rejected[0]?.reason})`,
          },
          rejected,
        },
        400
      )
    }
    if (events.length > 0) {
      await deps.ingest.submitEvents(events)
    }
    return c.json({ accepted: events.length, rejected })
  })
}
