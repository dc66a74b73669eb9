import { readdirSync, readFileSync, statSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { Context, Hono } from 'hono'
import { millisFromMicros } from '../../core/model/units.js'
import type { SpanStore } from '../../storage/span-store.js'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}

// Vite names built assets by content hash, so they never change under a URL: cache for a year.
// index.html must be revalidated so a new build is picked up at once.
const IMMUTABLE = 'public, max-age=31536000, immutable'
const PRELOAD_API = /<link rel="preload" href="\/api\/[^"]*"[^>]*>\s*/g
/** Text types worth compressing (the page's script is ~370 kB, ~125 kB gzipped). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt'])
const REVALIDATE = 'no-cache'

const NOT_BUILT_HTML = `<!doctype html><meta charset="utf-8"><title>Tokenline</title>
<body style="background:#0e1116;color:#d6dde6;font:14px system-ui;padding:40px">
<h2>The dashboard is not built</h2>
<p>The API is running (try <a style="color:#f5a524" href="/api/health">/api/health</a>), but the
dashboard's files are missing. Build them with <code>npm run build:web</code> (it runs on
<code>npm install</code> too) and reload.</p></body>`

/**
 * Serves the built dashboard: files under `webRoot`, and `index.html` for any other GET that is
 * not an API or OTLP path (the page keeps its state in the query string). Register it last.
 * Without `webRoot` nothing is served (the composition root decides where the files are); with
 * a `webRoot` that holds no build, pages answer 503 with a hint.
 * (Hand-written rather than `serveStatic`: it needs per-file cache headers, the index fallback
 * and the "not built" page, which together are less code than configuring around them.)
 */
export function registerStaticRoutes(
  app: Hono,
  deps: {
    webRoot?: string
    security?: { grants: readonly unknown[] | null }
    store?: Pick<SpanStore, 'extent'>
  }
): void {
  if (deps.webRoot === undefined) {
    return
  }
  const root = resolve(deps.webRoot)
  const indexPath = join(root, 'index.html')

  // With tokens the page's preload of /api/health would go without one and be refused, and the
  // browser hands that 401 to the page's own (authorised) fetch: the page asks instead.
  const withTokens = (deps.security?.grants ?? null) !== null

  // Every file of the page is held in memory with its gzip, read and compressed on the event
  // loop, at registration and again when its modification time moves (a rebuild while the server
  // runs is picked up). The asynchronous file reads and compression ran in libuv's pool, which the
  // store's DuckDB queries share: on a first look the shell's files waited behind the first
  // wave's queries (ADR 0362). A `statSync` per request costs microseconds on the loop.
  // Compressed at registration, not at the first request: the whole page takes ~17 ms once,
  // before the server listens, 12 ms of it the dashboard's script (376 kB at level 9), which a
  // lazy gzip would add to the first look's wait instead.
  const held = new Map<string, HeldFile>()
  const hold = (path: string): HeldFile | null => {
    let info
    try {
      info = statSync(path)
    } catch {
      return null
    }
    if (!info.isFile()) {
      return null
    }
    let file = held.get(path)
    if (file === undefined || file.mtimeMs !== info.mtimeMs) {
      let body = readFileSync(path)
      if (withTokens && path === indexPath) {
        body = Buffer.from(body.toString('utf8').replace(PRELOAD_API, ''))
      }
      const ext = extname(path).toLowerCase()
      file = {
        mtimeMs: info.mtimeMs,
        body,
        gzip: COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : null,
      }
      held.set(path, file)
    }
    return file
  }
  for (const dir of [root, join(root, 'assets')]) {
    let names: string[] = []
    try {
      names = readdirSync(dir)
    } catch {
      // No build (yet): pages answer 503 until there is one.
    }
    for (const name of names) {
      hold(join(dir, name))
    }
  }

  const sendFile = async (c: Context, file: HeldFile, path: string, cacheControl: string) => {
    // A view with its window in the URL (`from` and `to`) needs no extent: its page does not wait.
    const absolute = c.req.query('from') !== undefined && c.req.query('to') !== undefined
    const store = path === indexPath && !withTokens && !absolute ? deps.store : undefined
    const meta = store === undefined ? null : await extentMeta(store)
    let body = file.body
    // The page's shell names the data's extent (ADR 0289): it changes with every write.
    const dynamic = meta !== null
    if (meta !== null) {
      body = Buffer.from(body.toString('utf8').replace('</head>', `${meta}</head>`))
    }
    const ext = extname(path).toLowerCase()
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream'
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    }
    if (COMPRESSIBLE.has(ext)) {
      headers['vary'] = 'accept-encoding'
      if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
        headers['content-encoding'] = 'gzip'
        // A page that carries the extent is compressed each time (about a kilobyte), never kept.
        const zipped = dynamic || file.gzip === null ? gzipSync(body) : file.gzip
        return c.body(new Uint8Array(zipped), 200, headers)
      }
    }
    return c.body(new Uint8Array(body), 200, headers)
  }

  app.get('*', async function dashboard(c, next) {
    const path = decodeURIComponentSafe(c.req.path)
    if (path === null) {
      return c.text('bad path', 400)
    }
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/v1/')) {
      return next()
    }
    if (path !== '/' && path !== '/index.html') {
      const candidate = normalize(join(root, path))
      if (candidate.startsWith(root + sep)) {
        const file = hold(candidate)
        if (file !== null) {
          return sendFile(c, file, candidate, path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE)
        }
      }
      // A missing hashed asset is a stale page after a rebuild; a 404 makes the browser say so.
      if (path.startsWith('/assets/') || extname(path) !== '') {
        return c.text('not found', 404)
      }
    }
    const index = hold(indexPath)
    if (index === null) {
      return c.html(NOT_BUILT_HTML, 503, { 'cache-control': 'no-store' })
    }
    return sendFile(c, index, indexPath, REVALIDATE)
  })
}

/** A file of the page as served: its bytes and, for a text type, their gzip at level 9. */
interface HeldFile {
  mtimeMs: number
  body: Buffer
  gzip: Buffer | null
}

/** The page's name for the data's extent in its shell (web/src/api/early.ts reads it). */
const EXTENT_META = 'tokenline-extent'

/**
 * The data's extent as a `<meta>` of the page: `START_MS,END_MS` (epoch ms), or `empty` for a
 * store without data, so the page's entry script can resolve a relative window and send the
 * first wave without waiting for `/api/health` (ADR 0289). `null` (no tag: the page asks) when
 * the store cannot say. Not sent with tokens: the page itself is served without one.
 */
async function extentMeta(store: Pick<SpanStore, 'extent'>): Promise<string | null> {
  const extent = await store.extent().catch(() => undefined)
  if (extent === undefined) {
    return null
  }
  const content =
    extent === null
      ? 'empty'
      : `${millisFromMicros(extent.startUs)},${millisFromMicros(extent.endUs)}`
  return `<meta name="${EXTENT_META}" content="${content}" />`
}

function decodeURIComponentSafe(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}
