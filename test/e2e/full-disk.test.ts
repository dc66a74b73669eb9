/**
 * A full disk during ingest, on a real small filesystem (a 24 MiB tmpfs, mounted as root; the
 * test is skipped with the reason otherwise): ingest answers 503 with Retry-After and logs why,
 * nothing acknowledged is lost, and ingest resumes by itself once space is freed.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../src/config/defaults.js'
import { startServer } from '../../src/server/main.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { createMemorySloStore } from '../../src/storage/memory/slo-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { createRecordingLogger } from '../../src/server/testing/test-deps.js'

const dir = mkdtempSync(join(tmpdir(), 'tokenline-full-disk-'))

/** Mounts a 24 MiB tmpfs on `dir`; the reason it could not, or null. */
function mountSmallDisk(): string | null {
  if (process.getuid?.() !== 0) {
    return 'needs root to mount a small tmpfs'
  }
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dir], { stdio: 'pipe' })
    return null
  } catch (err) {
    return `mount failed: ${(err as Error).message}`
  }
}
const skipReason = mountSmallDisk()
afterAll(() => {
  if (skipReason === null) {
    execFileSync('umount', ['-l', dir])
  }
  rmSync(dir, { recursive: true, force: true })
})

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

describe.skipIf(skipReason !== null)(`full disk (${skipReason ?? 'tmpfs 24 MiB'})`, () => {
  it('answers 503 and logs it while the disk is full, loses nothing acknowledged, and resumes by itself', async () => {
    const path = join(dir, 'full.duckdb')
    // Small checkpoints, so the full disk is met by a checkpoint as well as by the WAL.
    const store = await createDuckDbStore({ path, checkpointThresholdBytes: 2 * 1024 * 1024 })
    const logger = createRecordingLogger()
    const server = await startServer(
      {
        ...DEFAULTS,
        server: {
          ...DEFAULTS.server,
          host: '127.0.0.1',
          apiPort: 0,
          otlpPort: 0,
          otlpGrpcPort: -1,
        },
        store: { ...DEFAULTS.store, kind: 'duckdb', path },
        ingest: { ...DEFAULTS.ingest, memoryLimitBytes: 0 },
        log: { level: 'silent' },
      },
      logger,
      { stores: { store, sloStore: createMemorySloStore() } }
    )
    const filler = join(dir, 'filler')
    let next = 0
    const acked: number[] = []
    const send = async (): Promise<Response> => {
      const first = next
      next += 200
      const res = await fetch(`${server.otlpUrl}/v1/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(makeLlmTraceRequest(200, first)),
      })
      if (res.status === 200) {
        acked.push(first)
      }
      return res
    }
    try {
      expect((await send()).status).toBe(200)
      // Leave about 3 MiB free.
      const free = Number(
        execFileSync('df', ['--output=avail', '-B1', dir]).toString().split('\n')[1]
      )
      writeFileSync(filler, Buffer.alloc(Math.max(0, free - 3 * 1024 * 1024)))
      let refused: Response | null = null
      for (let i = 0; i < 200 && refused === null; i++) {
        const res = await send()
        if (res.status !== 200) {
          refused = res
        }
      }
      expect(refused?.status).toBe(503)
      expect(refused?.headers.get('retry-after')).not.toBeNull()
      expect(JSON.stringify(await refused?.json())).toMatch(/disk holding .* is full/)
      expect(
        logger.lines.find((l) => l.msg.startsWith('ingest cannot store'))?.fields
      ).toMatchObject({ reason: expect.stringMatching(/full/) })

      rmSync(filler)
      let resumed = false
      const deadline = Date.now() + 30_000
      while (!resumed && Date.now() < deadline) {
        resumed = (await send()).status === 200
        if (!resumed) {
          await sleep(500)
        }
      }
      expect(resumed).toBe(true)
      expect(logger.lines.find((l) => l.msg === 'ingest stores again')).toBeDefined()
    } finally {
      await server.close()
      await store.close()
    }
    const reopened = await createDuckDbStore({ path })
    try {
      const ids = acked.flatMap((first) => {
        const body = makeLlmTraceRequest(200, first) as {
          resourceSpans: { scopeSpans: { spans: { traceId: string }[] }[] }[]
        }
        return body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans))
      })
      const traceIds = [...new Set(ids.map((s) => s.traceId))]
      const stored = await reopened.getSpans(traceIds)
      expect(stored.length).toBe(ids.length)
    } finally {
      await reopened.close()
    }
  }, 90_000)
})
