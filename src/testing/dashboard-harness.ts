/**
 * Shared setup of the dashboard browser tests: builds the dashboard, starts `tokenline demo` on
 * free ports with a temp database, and drives Debian's Chromium through playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { DEFAULTS } from '../config/defaults.js'
import { createSilentLogger } from '../core/logger.js'
import { startServer, type RunningServer } from '../server/main.js'

export const ROOT = new URL('../../', import.meta.url).pathname
export const SHOTS_DIR = join(ROOT, 'test-results', 'dashboard')
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

/** Builds web/ into dist/web so the test runs against the current sources. */
export function buildDashboard(): void {
  const res = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
    }
  )
  if (res.status !== 0) {
    throw new Error(`dashboard build failed:\n${res.stdout}\n${res.stderr}`)
  }
}

export interface Demo {
  url: string
  output: () => string
  stop: () => Promise<void>
}

/** Starts `tokenline demo` serving on a free port and resolves with the printed dashboard URL. */
export async function startDemo(args: string[] = [], timeoutMs = 150_000): Promise<Demo> {
  const dir = await mkdtemp(join(tmpdir(), 'tl-dash-'))
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'bin/tokenline.js',
      'demo',
      '--port',
      '0',
      '--otlp-port',
      '0',
      '--otlp-grpc-port',
      '0',
      '--db',
      join(dir, 'demo.duckdb'),
      ...args,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } }
  )
  let out = ''
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL')
          r(null)
        }, 5000)
        child.once('exit', () => {
          clearTimeout(t)
          r(null)
        })
      })
    }
    await rm(dir, { recursive: true, force: true })
  }
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "Dashboard:" line within ${timeoutMs} ms; output:\n${out}`)),
      timeoutMs
    )
    const check = () => {
      const m = /Dashboard:\s*(http:\/\/\S+)/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1].endsWith('/') ? m[1] : `${m[1]}/`)
      }
    }
    child.stdout?.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`demo exited with ${code}; output:\n${out}`))
    })
  }).catch(async (err: unknown) => {
    await stop()
    throw err
  })
  return { url, output: () => out, stop }
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** Waits until the page says every panel has finished loading. */
export async function waitLoaded(page: Page): Promise<void> {
  // A selector, not a string predicate: the page's CSP (script-src 'self') forbids eval. A hang
  // guard, not a speed check (bench/dashboard-paint measures speed): the page reports loaded
  // after its second wave (the diagnosis), which a busy 2-core host can delay by a minute.
  await page.waitForSelector('#app[data-loaded="true"]', { state: 'attached', timeout: 150_000 })
}

export async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true })
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: false })
}

/**
 * A server on free ports over the DuckDB file at `path`, serving the built page, and a Chromium
 * page of the dashboard tests' size to open it (the set-up of the tests over a prepared file).
 */
export async function serveDashboardFile(
  path: string
): Promise<{ server: RunningServer; browser: Browser; page: Page }> {
  const server = await startServer(
    {
      ...DEFAULTS,
      server: { ...DEFAULTS.server, host: '127.0.0.1', apiPort: 0, otlpPort: 0, otlpGrpcPort: 0 },
      store: { ...DEFAULTS.store, kind: 'duckdb', path },
    },
    createSilentLogger(),
    { webRoot: join(ROOT, 'dist/web') }
  )
  try {
    const browser = await launchBrowser()
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
    return { server, browser, page }
  } catch (err) {
    await server.close()
    throw err
  }
}
