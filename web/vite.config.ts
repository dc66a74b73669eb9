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

// The dashboard is built once into dist/web and served by `tokenline serve`; there is no dev
// server at run time. `npx vite web` proxies /api to a local server for development.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [preloadDashboardChunk()],
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
