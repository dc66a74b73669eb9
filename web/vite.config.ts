import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

/**
 * The page's entry loads the dashboard with `import()` once it has sent the first wave
 * (web/src/main.ts, ADR 0280); a `modulepreload` of that chunk in index.html lets the browser
 * fetch and compile it while the entry runs instead of after.
 */
function preloadDashboardChunk(): Plugin {
  return {
    name: 'tokenline-preload-dashboard',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isDynamicEntry && c.name === 'dashboard'
        )
        if (chunk === undefined) {
          throw new Error('no dashboard chunk to preload: web/src/main.ts no longer imports it')
        }
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

/**
 * uPlot builds two `Intl` objects when its module is evaluated: a number format for its default
 * tick and legend values and the browser's time zone for `tzDate`. The first `Intl` object of a
 * page loads the browser's locale data, 45–190 ms of the main thread on a busy host, inside the
 * dashboard chunk's evaluation and so before any panel can draw. The dashboard formats every
 * value it shows itself and never asks uPlot for a time zone, so both are built on first use
 * instead (ADR 0295). The build fails if uPlot's source no longer holds these lines.
 */
function lazyUplotIntl(): Plugin {
  const edits: [string, string][] = [
    [
      "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');\nconst fmtNum = val => numFormatter.format(val);",
      "let numFormatter = null;\nconst fmtNum = val => (numFormatter ??= new Intl.NumberFormat(domEnv ? nav.language : 'en-US')).format(val);",
    ],
    [
      'const localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone;',
      'let localTzName = null;\nconst localTz = () => (localTzName ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);',
    ],
    ['else if (tz == localTz)', 'else if (tz == localTz())'],
  ]
  return {
    name: 'tokenline-lazy-uplot-intl',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/.test(id)) {
        return null
      }
      let out = code
      for (const [from, to] of edits) {
        if (out.split(from).length !== 2) {
          throw new Error(`uPlot changed: expected exactly one \`${from.split('\n')[0]}\` in ${id}`)
        }
        out = out.replace(from, to)
      }
      return { code: out, map: null }
    },
  }
}

// The dashboard is built once into dist/web and served by `tokenline serve`; there is no dev
// server at run time. `npx vite web` proxies /api to a local server for development.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [lazyUplotIntl(), preloadDashboardChunk()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': process.env.TOKENLINE_API ?? 'http://127.0.0.1:4320' },
  },
})
