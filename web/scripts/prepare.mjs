// Runs on `npm install` / `npm ci` (the `prepare` script) so a fresh checkout serves a built
// dashboard. It must never make the install itself fail: without vite (a production install)
// or when the build breaks, it says so and leaves `npm run build:web` to retry.
import { fileURLToPath } from 'node:url'

const configFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url))

let vite
try {
  vite = await import('vite')
} catch {
  console.warn(
    'tokenline: vite is not installed; skipping the dashboard build (run `npm run build:web` later)'
  )
  process.exit(0)
}

try {
  await vite.build({ configFile, logLevel: 'warn' })
  console.log('tokenline: dashboard built into dist/web')
} catch (err) {
  console.warn(
    `tokenline: the dashboard build failed; the server will answer with a hint until \`npm run build:web\` succeeds\n${err instanceof Error ? err.message : String(err)}`
  )
  process.exit(0)
}
