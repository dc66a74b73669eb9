import type { Hono } from 'hono'

/**
 * The answers a page's first look is served with (ADR 0381): for a view named by its window alone
 * (`?from=…&to=…`, every other setting at its default), the server asks its own API for the
 * first-wave calls and writes their answers into the page after its shell, each as it comes. The page's entry script takes them
 * instead of sending those calls (web/src/api/early.ts): on a restarted server's first look the
 * panels no longer wait for a round trip behind the page's script, the browser's six sockets
 * and the start's queries.
 *
 * The URLs are those of web/src/panels/first-wave.ts for the default view, built the same way
 * (same keys in the same order); test/integration/first-look-answers.test.ts holds the two
 * equal. The metric series follow the metric list's answer and are asked by the page.
 */

/** The window's steps the page may choose (web/src/model/time-range.ts, NICE_STEPS_MS). */
const NICE_STEPS_MS = [
  1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000,
  1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
]
/** The page draws at most this many buckets across its window (chooseStepMs). */
const MAX_BUCKETS = 240
/** The page's window is at least a second long (resolveRange of an absolute window). */
const MIN_WINDOW_MS = 1000
const HEADLINE = ['ttft', 'tpot', 'e2e']
/** The default view's measure (DEFAULT_VIEW), behind the heatmap and the samples' order. */
const DEFAULT_MEASURE = 'ttft'

function stepParam(fromMs: number, toMs: number): string {
  const spanMs = Math.max(1, toMs - fromMs)
  const stepMs =
    NICE_STEPS_MS.find((step) => spanMs / step <= MAX_BUCKETS) ?? NICE_STEPS_MS.at(-1) ?? 86_400_000
  if (stepMs % 3_600_000 === 0) {
    return `${stepMs / 3_600_000}h`
  }
  if (stepMs % 60_000 === 0) {
    return `${stepMs / 60_000}m`
  }
  return `${Math.max(1, Math.round(stepMs / 1000))}s`
}

function url(path: string, params: [string, string | number][]): string {
  const qs = new URLSearchParams()
  for (const [key, value] of params) {
    qs.append(key, String(value))
  }
  return `${path}?${qs.toString()}`
}

/**
 * The first-wave URLs the page of `search` will ask, or `null` when the page's view is not the default view of an absolute window (any
 * filter, selection, measure, trace or relative range: the page asks for itself).
 */
export function firstLookUrls(search: URLSearchParams): string[] | null {
  const keys = [...search.keys()]
  if (keys.length !== 2 || !search.has('from') || !search.has('to')) {
    return null
  }
  const digits = /^\d+$/
  const fromText = search.get('from') ?? ''
  const toText = search.get('to') ?? ''
  if (!digits.test(fromText) || !digits.test(toText)) {
    return null
  }
  const fromMs = Number(fromText)
  const to = Number(toText)
  if (!(to > fromMs)) {
    return null
  }
  const toMs = Math.max(to, fromMs + MIN_WINDOW_MS)
  const window: [string, number][] = [
    ['from', fromMs],
    ['to', toMs],
  ]
  const step: [string, string] = ['step', stepParam(fromMs, toMs)]
  const measures = HEADLINE.map((m): [string, string] => ['measure', m])
  return [
    '/api/metrics',
    url('/api/percentiles', [
      ...window,
      ...measures,
      ['q', '0.5,0.95,0.99'],
      step,
      ['approx', 'true'],
    ]),
    url('/api/traffic', [...window, step]),
    url('/api/heatmap', [
      ...window,
      ['measure', DEFAULT_MEASURE],
      step,
      ['buckets', 40],
      ['approx', 'true'],
    ]),
    // The default measure's stage mode is `ttft`: no per-stage p99s.
    url('/api/stages', [...window, step, ['p99', 'false']]),
    url('/api/percentiles', [...window, ...measures, ['q', '0.5,0.99'], ['approx', 'true']]),
    url('/api/events', window),
    url('/api/requests', [...window, ['sort', DEFAULT_MEASURE], ['dir', 'desc'], ['limit', 20]]),
  ]
}

/** The page's name for an answer it is served with (web/src/api/early.ts reads it). */
export const ANSWER_META = 'tokenline-answer'
/** The attribute naming the URL an inline answer is of. */
export const ANSWER_FOR = 'data-answer-for'

const attr = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The answer of `u` as the page's element, asked of `app` with the page's Host. */
async function answerOf(app: Hono, u: string, host: string | undefined): Promise<string> {
  let status = 502
  let body = 'null'
  try {
    const res = await app.request(u, {
      headers: { accept: 'application/json', ...(host === undefined ? {} : { host }) },
    })
    status = res.status
    body = await res.text()
  } catch {
    // The page asks for itself: early.ts sends any answer but a 200 again.
  }
  // `<` escaped: JSON holds it only inside strings, where \u003c reads the same. The newline
  // after the element tells the page the element is whole (early.ts).
  return `<script type="application/json" ${ANSWER_FOR}="${attr(u)}" data-status="${status}">${body.replace(/</g, '\\u003c')}</script>\n`
}

/**
 * The page `html` served with the answers of `urls`, asked of `app` as the page's own calls would
 * be (same Host), as a stream: the shell up to `<div id="app">` leaves at once, with a `<meta>`
 * per promised answer so the entry script waits for them instead of asking, and each answer
 * follows when its handler ends. The entry script is made `async`: a module script otherwise
 * runs only once the whole document is in, so the page would wait for its slowest answer.
 *
 * Not compressed: zlib's streams compress in libuv's pool, where the start's DuckDB queries (the
 * answers' own among them) hold the shell back by seconds, as they held the page's files (ADR
 * 0362); the answers are tens of kilobytes.
 */
export function pageWithAnswers(
  app: Hono,
  html: string,
  urls: readonly string[],
  headers: { host: string | undefined }
): ReadableStream<Uint8Array> {
  const metas = urls.map((u) => `<meta name="${ANSWER_META}" content="${attr(u)}" />`).join('')
  const page = html
    .replace('</head>', `${metas}</head>`)
    .replace('<script type="module" crossorigin', '<script type="module" async crossorigin')
  const tailAt = page.lastIndexOf('</body>')
  const head = tailAt < 0 ? page : page.slice(0, tailAt)
  const tail = tailAt < 0 ? '' : page.slice(tailAt)
  const encoder = new TextEncoder()
  const answer = (u: string): Promise<string> => answerOf(app, u, headers.host)
  // The answers from the store's memory (rollup, saved samples page) first; the metric list and
  // the change events are queries of the store.
  const queries = (u: string): boolean => u === '/api/metrics' || u.startsWith('/api/events')
  const order = [...urls.filter((u) => !queries(u)), ...urls.filter(queries)]
  return new ReadableStream<Uint8Array>({
    start(out) {
      out.enqueue(encoder.encode(head))
      // One answer at a time, the event loop given back between them: the page's own files,
      // asked while the answers are computed, are answered from memory in between instead of
      // after all of them (they hold the shell, which every panel waits for).
      const next = (i: number): void => {
        const u = order[i]
        if (u === undefined) {
          out.enqueue(encoder.encode(tail))
          out.close()
          return
        }
        void answer(u).then((text) => {
          out.enqueue(encoder.encode(text))
          setImmediate(() => next(i + 1))
        })
      }
      setImmediate(() => next(0))
    },
  })
}
