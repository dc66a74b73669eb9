/**
 * Dashboard first paint in a real browser: the real server (`startServer`, port 0, the built
 * `dist/web`) over a DuckDB file of N requests (bench/dashboard-store.ts), opened in Chromium
 * through playwright-core. For every panel it records when the panel first shows its data (or
 * says it has none) after navigation starts, and for every /api call when the page asked and
 * when the answer ended. Several runs, each in a fresh browser context; the median is printed.
 *
 * The baseline of the same run is the page's own shell: the time until the page's script has
 * mounted the header (`.top`), before any data. Ratios are panel paint / shell paint.
 *
 *   npm run build:web && npx tsx bench/dashboard-paint.bench.ts [--requests 1000000] [--runs 3]
 *   npx tsx bench/dashboard-paint.bench.ts --demo     # `tokenline demo`'s simulated data instead
 *   … --between write     # a commit (a change event outside the window) before every run after
 *                         # the first: each run is a first look after a write
 *   … --between write-in  # a commit of one request inside the window instead (a live server
 *                         # seen over a window that holds now)
 *   … --between restart   # the server restarted before every run after the first
 *   … --web-root DIR      # another build of the page (to compare against an older checkout)
 *   … --range auto|15m|1h|6h|24h|all  # a relative window instead of the data's hour given as
 *                         # from/to: `auto` opens `/` (what a new user gets), the others `?range=`
 *   … --cold-browser      # navigate as soon as the browser is launched, while it is still
 *                         # starting (by default the bench waits until it has started: ADR 0450)
 *   … --trace DIR         # a Chromium performance trace of each run into DIR/run-N.json (it
 *                         # costs the renderer time: not for the paint figures)
 *   … --busy N            # N CPU-bound processes (a spinning loop each) started before the
 *                         # first run and stopped after the last: a busy host, the same in every
 *                         # invocation, rather than whatever else the host happens to run
 *
 * The 1 M-request store is built once into the temp folder and reused (`--fresh` rebuilds);
 * the server's file of last diagnoses beside it is removed before the first run. The database
 * itself keeps what its last close saved under its counter (the rollup, the samples' first page,
 * the last diagnosis and concentration answers, ADRs 0351, 0362, 0366): run 1 is a restarted
 * server's first look at a file served before, and a first look with nothing kept only with
 * `--fresh`.
 *
 * Each run also reports the CPU seconds its load took per Chromium process (renderer, GPU
 * process, browser, utility: the network service) and of this process (the server and the bench's
 * client), read from /proc between navigation and the page's settled signal; the latter also
 * until the page's loaded signal (every panel painted), since a settled signal that waits for a
 * restarted server's fresh diagnosis counts that refresh's CPU too (ADR 0486).
 *
 * The busy loops run at the bench's own priority (they inherit its nice value), so they compete
 * with the server and the browser as equals whatever priority the bench itself is given; each
 * run's line and the summary give the load average, which counts them.
 *
 * A panel is painted when it leaves `data-state="loading"`; for pages built before panels carried
 * that marker (to compare against an older checkout), a side card counts as painted once its
 * body holds something other than a "…ing…" placeholder.
 */
import { performance } from 'node:perf_hooks'
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { makeTimeline, T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import { DEFAULTS } from '../src/config/defaults.js'
import { createSilentLogger } from '../src/core/logger.js'
import { startServer } from '../src/server/main.js'
import {
  BENCH_CHROMIUM_ARGS,
  browserStarted,
  chromiumCpu,
  cpuBetween,
} from './chromium-processes.js'
import { BENCH_MINUTES, benchStore } from './dashboard-store.js'

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    demo: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    between: { type: 'string', default: 'none' },
    root: { type: 'string', default: new URL('../', import.meta.url).pathname },
    'web-root': { type: 'string' },
    range: { type: 'string' },
    trace: { type: 'string' },
    'cold-browser': { type: 'boolean', default: false },
    busy: { type: 'string', default: '0' },
  },
})
const BUSY = Number(args.busy)
if (!Number.isInteger(BUSY) || BUSY < 0) {
  throw new Error('--busy takes a count of busy loops (0 or more)')
}
const RUNS = Number(args.runs)
const BETWEEN = args.between
if (!['none', 'write', 'write-in', 'restart'].includes(BETWEEN)) {
  throw new Error('--between takes none, write, write-in or restart')
}
const RANGE = args.range
if (RANGE !== undefined && !['auto', '15m', '1h', '6h', '24h', 'all'].includes(RANGE)) {
  throw new Error('--range takes auto, 15m, 1h, 6h, 24h or all')
}
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

/**
 * Runs in the page before its own script: stamps `performance.now()` on each panel's first
 * paint. Chart panels and (newer pages) cards carry `data-panel` + `data-state`; older cards are
 * found by the class of their body.
 */
const OBSERVER = `(() => {
  const paint = {}
  window.__tlPaint = paint
  const CARD_BODIES = { diagnosis: '.diag', concentration: '.conc', events: '.events', samples: '.samples-wrap', kpis: '.kpis' }
  const loading = (el) => {
    if (!el) return true
    const first = el.firstElementChild
    if (!first) return true
    const text = (el.textContent || '').trim()
    return text === '' || (el.children.length === 1 && /…$/.test(text))
  }
  const check = () => {
    const now = performance.now()
    if (paint.shell === undefined && document.querySelector('header.top')) paint.shell = now
    for (const el of document.querySelectorAll('[data-panel]')) {
      const id = el.getAttribute('data-panel')
      const state = el.getAttribute('data-state')
      if (paint[id] === undefined && state && state !== 'loading') paint[id] = now
      // A diagnosis or concentration shown stale (ADR 0225, 0272) has painted; its fresh
      // replacement is timed apart.
      if ((id === 'diagnosis' || id === 'concentration') && paint[id + ' fresh'] === undefined && state === 'ready' && !el.querySelector('[data-stale]')) paint[id + ' fresh'] = now
    }
    for (const [id, sel] of Object.entries(CARD_BODIES)) {
      if (paint[id] !== undefined) continue
      const host = document.querySelector('[data-panel="' + id + '"]')
      if (host && host.hasAttribute('data-state')) continue
      const el = document.querySelector(sel)
      if (el && !loading(el)) paint[id] = now
    }
  }
  // Tells the bench once both waves are in and the diagnosis and concentration show current
  // answers (or could not); see openOnce.
  let loaded = false
  let told = false
  const settled = (id) => {
    const el = document.querySelector('[data-panel="' + id + '"]')
    return !el || paint[id + ' fresh'] !== undefined || ['error', 'empty'].includes(el.getAttribute('data-state'))
  }
  const tell = () => {
    if (told || !document.querySelector('#app[data-loaded="true"]')) return
    if (!loaded) {
      loaded = true
      window.__tlDone('loaded')
    }
    if (settled('diagnosis') && settled('concentration')) {
      told = true
      window.__tlDone('settled')
    }
  }
  new MutationObserver(() => { check(); tell() }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
})()`

interface RunResult {
  paint: Record<string, number>
  /** `serverMs`: the handler's own time (Server-Timing), the rest is queueing and transfer. */
  calls: { route: string; askedMs: number; doneMs: number; serverMs: number | null }[]
  /** The page and its files (the shell's wait): asked → answered, as for the calls. */
  files: { path: string; askedMs: number; doneMs: number }[]
  loadedMs: number
  /** Seconds waited for the browser to finish starting before navigating (0: `--cold-browser`). */
  startedS: number
  /** CPU seconds per Chromium process type (renderer, gpu-process, utility, browser…) over the load. */
  cpu: Record<string, number>
  /** CPU seconds of this process over the load: the server and the bench's own client. */
  serverCpu: number
  /**
   * The same, from navigation until the page said it was loaded (every panel painted, the
   * analysis cards perhaps stale): the rest of `serverCpu` is what came after, on a restarted
   * server mostly the refresh of the stale answers, which the load's figure counts only because
   * the run waits for the fresh ones.
   */
  serverCpuLoaded: number
}

/**
 * What `--trace` records: the renderer's tasks (script, style, layout, paint), raster, GC and
 * the JS sampling profiler, enough to split a load's CPU by kind and by function.
 */
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8',
  'v8.execute',
  'blink',
  'cc',
  'gpu',
  'disabled-by-default-v8.cpu_profiler',
]

async function openOnce(url: string, tracePath?: string): Promise<RunResult> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: BENCH_CHROMIUM_ARGS,
  })
  try {
    // The page's CSP (script-src 'self') would refuse the observer; the bench reads, never acts.
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1600, height: 1000 },
    })
    await context.addInitScript(OBSERVER)
    const page = await context.newPage()
    const startedS = args['cold-browser'] ? 0 : await browserStarted(browser)
    const calls: RunResult['calls'] = []
    const files: RunResult['files'] = []
    let navStart = 0
    page.on('requestfinished', async (req) => {
      const u = new URL(req.url())
      const t = req.timing()
      if (!u.pathname.startsWith('/api/')) {
        files.push({
          path: u.pathname,
          askedMs: t.startTime - navStart,
          doneMs: t.startTime + t.responseEnd - navStart,
        })
        return
      }
      const detail =
        u.pathname === '/api/percentiles' || u.pathname === '/api/series'
          ? `${u.pathname}?${u.searchParams.getAll('measure').join(',') || u.searchParams.get('name') || ''}${u.searchParams.has('step') ? ' step' : ''}`
          : u.pathname
      const serverTiming = await req
        .response()
        .then((r) => r?.headers()['server-timing'] ?? '')
        .catch(() => '')
      const dur = /total;dur=([\d.]+)/.exec(serverTiming)
      calls.push({
        route:
          detail + (u.searchParams.has('stale') ? `?stale=${u.searchParams.get('stale')}` : ''),
        askedMs: t.startTime - navStart,
        doneMs: t.startTime + t.responseEnd - navStart,
        serverMs: dur ? Number(dur[1]) : null,
      })
    })
    // The page says when it is done through a binding: waiting with Playwright's selectors
    // would evaluate its injected script (about 0.1-0.2 s) on the page's main thread while the
    // panels are still painting, a cost of the bench, not of the page.
    let done = (): void => undefined
    const finished = new Promise<void>((resolve) => (done = resolve))
    let loadedMs = Number.NaN
    let started = 0
    let serverBefore = process.cpuUsage()
    let serverLoaded = Number.NaN
    await page.exposeBinding('__tlDone', (_source, what: unknown) => {
      if (what === 'loaded') {
        loadedMs = performance.now() - started
        const used = process.cpuUsage(serverBefore)
        serverLoaded = (used.user + used.system) / 1e6
      } else {
        done()
      }
    })
    if (tracePath !== undefined) {
      await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES })
    }
    navStart = Date.now()
    started = performance.now()
    const cpuBefore = chromiumCpu()
    serverBefore = process.cpuUsage()
    await page.goto(url)
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      finished,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('the page did not finish in 600 s')), 600_000)
      }),
    ]).finally(() => clearTimeout(timer))
    // Read before the page is asked anything more, so the figures are the load's alone.
    const cpu = cpuBetween(cpuBefore, chromiumCpu())
    const serverUsed = process.cpuUsage(serverBefore)
    const paint = (await page.evaluate('window.__tlPaint')) as Record<string, number>
    if (tracePath !== undefined) {
      await browser.stopTracing()
    }
    return {
      paint,
      calls,
      files,
      loadedMs,
      startedS,
      cpu,
      serverCpu: (serverUsed.user + serverUsed.system) / 1e6,
      serverCpuLoaded: serverLoaded,
    }
  } finally {
    await browser.close()
  }
}

function formatCpu(r: RunResult): string {
  return [
    ...Object.entries(r.cpu)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([t, v]) => `${t} ${v.toFixed(2)}`),
    `server and bench ${r.serverCpu.toFixed(2)} (until loaded ${r.serverCpuLoaded.toFixed(2)})`,
  ].join(', ')
}

/**
 * Starts `n` processes that spin on a core until stopped. Separate processes, not threads of
 * this one, so that the server's event loop and its process CPU figure stay its own.
 */
function startBusyLoops(n: number): () => Promise<void> {
  const loops: ChildProcess[] = Array.from({ length: n }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
  )
  return async () => {
    await Promise.all(
      loops.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) {
              resolve()
              return
            }
            c.once('exit', () => resolve())
            c.kill('SIGKILL')
          })
      )
    )
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor((s.length - 1) / 2)] ?? NaN
}

async function main(): Promise<void> {
  let url: string
  let stop: () => Promise<void>
  let label: string
  let between = async (): Promise<void> => undefined
  if (args.demo) {
    const { startDemo } = await import('../src/testing/dashboard-harness.js')
    if (BETWEEN !== 'none') {
      throw new Error('--between applies to the bench store, not --demo')
    }
    const demo = await startDemo([], 600_000)
    url = `${demo.url}?range=all`
    stop = demo.stop
    label = "tokenline demo's data, whole range"
  } else {
    const n = Number(args.requests)
    const path = await benchStore(n, args.fresh, (line) => process.stdout.write(`${line}\n`))
    rmSync(`${path}.diagnoses.json`, { force: true })
    const start = () =>
      startServer(
        {
          ...DEFAULTS,
          // A fixed port, so the page's URL survives a restart (--between restart).
          server: { ...DEFAULTS.server, host: '127.0.0.1', apiPort, otlpPort: 0, otlpGrpcPort: 0 },
          store: { ...DEFAULTS.store, kind: 'duckdb', path },
        },
        createSilentLogger(),
        { webRoot: args['web-root'] ?? join(args.root, 'dist/web') }
      )
    let apiPort = 0
    let writesIn = 0
    let server = await start()
    apiPort = Number(new URL(server.apiUrl).port)
    const fromMs = T0_US / 1000
    // The bench data lies in the past, so a relative window ends at the data's end (here the
    // same hour as from/to, its edges a few ms apart).
    url =
      RANGE === undefined
        ? `${server.apiUrl}/?from=${fromMs}&to=${fromMs + BENCH_MINUTES * 60_000}`
        : `${server.apiUrl}/${RANGE === 'auto' ? '' : `?range=${RANGE}`}`
    stop = () => server.close()
    label = `${n} requests over ${BENCH_MINUTES} min`
    between = async () => {
      if (BETWEEN === 'restart') {
        await server.close()
        server = await start()
      } else if (BETWEEN === 'write') {
        // Outside the window: the diagnosis does not change, but the store has committed.
        const res = await fetch(`${server.apiUrl}/api/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-ndjson' },
          body: `${JSON.stringify({ time: new Date(fromMs - 86_400_000).toISOString(), kind: 'config', message: 'bench write' })}\n`,
        })
        if (!res.ok) {
          throw new Error(`bench write: ${res.status} ${await res.text()}`)
        }
      } else if (BETWEEN === 'write-in') {
        // One new request in the window's last minute: its buckets and every answer that
        // read them are stale.
        writesIn++
        const r = makeTimeline({
          startUs: T0_US + (BENCH_MINUTES - 1) * 60_000_000 + writesIn * 1_000_000,
          dims: { replica: 'vllm-0', node: 'node-0', tenant: 't0', region: 'us' },
          stagesMs: { network: 10, 'engine.queue': 5, 'engine.prefill': 40, 'engine.decode': 2000 },
          tpotMs: 10,
          inputTokens: 800,
          outputTokens: 200,
        })
        await server.store.upsertRequests([
          { ...r, traceId: `fe${String(writesIn).padStart(30, '0')}` },
        ])
      }
    }
  }
  const runs: RunResult[] = []
  const stopBusy = startBusyLoops(BUSY)
  try {
    for (let i = 0; i < RUNS; i++) {
      if (i > 0) {
        await between()
      }
      const r = await openOnce(
        url,
        args.trace === undefined ? undefined : join(args.trace, `run-${i + 1}.json`)
      )
      const freshS = ((r.paint['diagnosis fresh'] ?? NaN) / 1000).toFixed(2)
      process.stdout.write(
        `run ${i + 1} (load ${loadavg()[0]?.toFixed(1)}, browser started in ${r.startedS.toFixed(0)} s): all loaded ${(r.loadedMs / 1000).toFixed(2)} s, last chart ${(
          Math.max(
            ...Object.entries(r.paint)
              .filter(
                ([k]) =>
                  !['diagnosis', 'concentration', 'shell'].includes(k) && !k.endsWith(' fresh')
              )
              .map(([, v]) => v)
          ) / 1000
        ).toFixed(2)} s, diagnosis fresh ${freshS} s, CPU ${formatCpu(r)}\n`
      )
      runs.push(r)
    }
  } finally {
    await stopBusy()
    await stop()
  }
  const ids = [...new Set(runs.flatMap((r) => Object.keys(r.paint)))].filter((k) => k !== 'shell')
  const shell = median(runs.map((r) => r.paint['shell'] ?? NaN))
  process.stdout.write(
    `\n${label}; median of ${RUNS} runs; ms after navigation start; between runs: ${BETWEEN}; busy loops: ${BUSY}; window: ${RANGE === undefined ? 'from/to' : `relative (${RANGE})`}; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}\n`
  )
  process.stdout.write(`shell (header mounted, the baseline): ${shell.toFixed(0)} ms\n`)
  const rows = ids
    .map((id) => ({ id, ms: median(runs.map((r) => r.paint[id] ?? NaN)) }))
    .sort((a, b) => a.ms - b.ms)
  for (const { id, ms } of rows) {
    process.stdout.write(
      `  ${id.padEnd(16)} ${ms.toFixed(0).padStart(7)} ms  ×${(ms / shell).toFixed(1)}\n`
    )
  }
  const charts = rows.filter(
    (r) => !['diagnosis', 'diagnosis fresh', 'concentration', 'concentration fresh'].includes(r.id)
  )
  process.stdout.write(
    `every panel but diagnosis/concentration: ${Math.max(...charts.map((r) => r.ms)).toFixed(0)} ms; every panel: ${Math.max(...rows.filter((r) => !r.id.endsWith(' fresh')).map((r) => r.ms)).toFixed(0)} ms; page loaded: ${median(runs.map((r) => r.loadedMs)).toFixed(0)} ms\n`
  )
  const types = [...new Set(runs.flatMap((r) => Object.keys(r.cpu)))].sort()
  process.stdout.write(
    `CPU per load (median, s): ${[
      ...types.map((t) => `${t} ${median(runs.map((r) => r.cpu[t] ?? 0)).toFixed(2)}`),
      `server and bench ${median(runs.map((r) => r.serverCpu)).toFixed(2)} (until loaded ${median(runs.map((r) => r.serverCpuLoaded)).toFixed(2)})`,
    ].join(', ')}\n`
  )
  process.stdout.write(`\nthe page's files in the last run (asked → answered)\n`)
  for (const f of (runs.at(-1)?.files ?? []).sort((a, b) => a.askedMs - b.askedMs)) {
    process.stdout.write(
      `  ${f.path.padEnd(44)} ${f.askedMs.toFixed(0).padStart(7)} → ${f.doneMs.toFixed(0).padStart(7)}  (${(f.doneMs - f.askedMs).toFixed(0)} ms)\n`
    )
  }
  process.stdout.write(
    `\n/api calls of the last run (asked → answered, ms after navigation start)\n`
  )
  for (const c of (runs.at(-1)?.calls ?? []).sort((a, b) => a.askedMs - b.askedMs)) {
    process.stdout.write(
      `  ${c.route.padEnd(44)} ${c.askedMs.toFixed(0).padStart(7)} → ${c.doneMs.toFixed(0).padStart(7)}  (${(c.doneMs - c.askedMs).toFixed(0)} ms, handler ${c.serverMs === null ? '–' : c.serverMs.toFixed(0)} ms)\n`
    )
  }
}

await main()
