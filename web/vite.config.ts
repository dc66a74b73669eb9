import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The dashboard is built once into dist/web and served by `tokenline serve`; there is no dev
// server at run time. `npx vite web` proxies /api to a local server for development.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
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
