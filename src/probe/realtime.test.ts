import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { lowerToNormal, raiseToRealtime, readScheduling } from './realtime.js'

const linux = process.platform === 'linux'
const canRaise = linux && process.getuid?.() === 0 && spawnSync('chrt', ['--version']).status === 0

describe('real-time scheduling for the probe', () => {
  it.skipIf(!linux)('reads the ordinary policy of a process', () => {
    expect(readScheduling()).toEqual({ policy: 'other', priority: 0 })
  })

  it.skipIf(!linux)(
    'reads the policy of a process whose name holds spaces and parentheses',
    async () => {
      // /proc/<pid>/stat puts the name in parentheses: a name like "a) b" must not shift the fields.
      const child = spawn('bash', ['-c', 'exec -a "x) y (z" sleep 5'], { stdio: 'ignore' })
      try {
        await new Promise((r) => setTimeout(r, 200))
        expect(readScheduling(child.pid)).toEqual({ policy: 'other', priority: 0 })
      } finally {
        child.kill()
        await once(child, 'exit')
      }
    }
  )

  it.skipIf(!linux)('says why when the process is not there', () => {
    const outcome = raiseToRealtime(20, 2 ** 22 + 12345)
    expect(outcome.scheduling).toBeNull()
    expect(outcome.refused).toMatch(/chrt/)
  })

  it.skipIf(!canRaise)(
    'puts every thread under SCHED_FIFO, reads it back, and lowers it again',
    async () => {
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], {
        stdio: 'ignore',
      })
      try {
        await new Promise((r) => setTimeout(r, 200))
        const pid = child.pid as number
        expect(raiseToRealtime(20, pid)).toEqual({
          scheduling: { policy: 'fifo', priority: 20 },
          refused: null,
        })
        // /proc/<tid>/stat answers for any thread id: every thread of Node's, not only the main one.
        const threads = readdirSync(`/proc/${pid}/task`).map(Number)
        expect(threads.length).toBeGreaterThan(1)
        for (const tid of threads) {
          expect(readScheduling(tid)).toEqual({ policy: 'fifo', priority: 20 })
        }
        expect(lowerToNormal(pid)).toBeNull()
        expect(readScheduling(pid)).toEqual({ policy: 'other', priority: 0 })
      } finally {
        child.kill()
        await once(child, 'exit')
      }
    }
  )
})
