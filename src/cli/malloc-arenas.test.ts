import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  arenaCappedEnv,
  glibcVersion,
  hugePageEnv,
  transparentHugePages,
} from '../../bin/malloc-arenas.js'
import { dedupeStopRequests } from './shutdown.js'

describe('serve runs with at most two malloc arenas (ADR 0313)', () => {
  const env = { PATH: '/usr/bin' }

  it('starts serve again with MALLOC_ARENA_MAX=2 on glibc Linux', () => {
    expect(arenaCappedEnv(['serve', '--port', '0'], env, 'linux', '2.36')).toEqual({
      PATH: '/usr/bin',
      MALLOC_ARENA_MAX: '2',
      TOKENLINE_LAUNCHER_IPC: '1',
    })
  })

  it('leaves other commands, other C libraries and the choices of the user alone', () => {
    expect(arenaCappedEnv(['import', 'f.jsonl'], env, 'linux', '2.36')).toBeNull()
    expect(arenaCappedEnv(['serve'], env, 'linux', undefined)).toBeNull()
    expect(arenaCappedEnv(['serve'], env, 'darwin', undefined)).toBeNull()
    expect(arenaCappedEnv(['serve'], { MALLOC_ARENA_MAX: '8' }, 'linux', '2.36')).toBeNull()
    expect(
      arenaCappedEnv(['serve'], { GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' }, 'linux', '2.36')
    ).toBeNull()
    // The server the launcher started does not start another.
    expect(arenaCappedEnv(['serve'], { TOKENLINE_LAUNCHER_IPC: '1' }, 'linux', '2.36')).toBeNull()
  })

  it('finds glibc where this test runs on it', () => {
    const version = glibcVersion()
    expect(version === undefined || /^\d+\.\d+/.test(version)).toBe(true)
  })
})

describe('whatif asks malloc for transparent huge pages where the kernel wants the asking (ADR 0531)', () => {
  const env = { PATH: '/usr/bin' }

  it('starts whatif again with glibc.malloc.hugetlb=1, beside the tunables the user set', () => {
    expect(hugePageEnv(['whatif', '--load', '2x'], env, 'linux', '2.36', 'madvise')).toEqual({
      PATH: '/usr/bin',
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
    })
    expect(
      hugePageEnv(
        ['whatif'],
        { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' },
        'linux',
        '2.35',
        'madvise'
      )
    ).toEqual({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1' })
    expect(hugePageEnv(['whatif'], { GLIBC_TUNABLES: '' }, 'linux', '3.0', 'madvise')).toEqual({
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
    })
  })

  it('runs in this process where a second one gains nothing or the user chose', () => {
    // Help, and a server that runs the twin itself.
    expect(hugePageEnv(['whatif', '--help'], env, 'linux', '2.36', 'madvise')).toBeNull()
    expect(
      hugePageEnv(['whatif', '--server', 'http://x:1'], env, 'linux', '2.36', 'madvise')
    ).toBeNull()
    expect(
      hugePageEnv(['whatif', '--server=http://x:1'], env, 'linux', '2.36', 'madvise')
    ).toBeNull()
    // Other commands; a kernel that gives huge pages to all or none; no mode to read.
    expect(hugePageEnv(['diagnose'], env, 'linux', '2.36', 'madvise')).toBeNull()
    expect(hugePageEnv(['whatif'], env, 'linux', '2.36', 'always')).toBeNull()
    expect(hugePageEnv(['whatif'], env, 'linux', '2.36', 'never')).toBeNull()
    expect(hugePageEnv(['whatif'], env, 'linux', '2.36', undefined)).toBeNull()
    // A glibc that does not know the tunable, or none.
    expect(hugePageEnv(['whatif'], env, 'linux', '2.34', 'madvise')).toBeNull()
    expect(hugePageEnv(['whatif'], env, 'linux', '1.99', 'madvise')).toBeNull()
    expect(hugePageEnv(['whatif'], env, 'linux', undefined, 'madvise')).toBeNull()
    expect(hugePageEnv(['whatif'], env, 'darwin', undefined, 'madvise')).toBeNull()
    // The user's own setting, and the process this launcher started (it carries the setting).
    expect(
      hugePageEnv(
        ['whatif'],
        { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' },
        'linux',
        '2.36',
        'madvise'
      )
    ).toBeNull()
  })

  it("reads the kernel's mode where it is there", () => {
    const mode = transparentHugePages()
    expect(mode === undefined || ['always', 'madvise', 'never'].includes(mode)).toBe(true)
    if (existsSync('/sys/kernel/mm/transparent_hugepage/enabled')) {
      expect(mode).toBeDefined()
    }
  })
})

describe('stop requests forwarded by the launcher', () => {
  const run = (events: [string, 'signal' | 'launcher', number][]): string[] => {
    const seen: string[] = []
    let now = 0
    const take = dedupeStopRequests(
      (s) => seen.push(`${s}@${now}`),
      () => now
    )
    for (const [signal, source, at] of events) {
      now = at
      take(signal as 'SIGTERM', source)
    }
    return seen
  }

  it('counts a signal to the whole group, direct and forwarded, as one request', () => {
    expect(
      run([
        ['SIGTERM', 'signal', 0],
        ['SIGTERM', 'launcher', 30],
      ])
    ).toEqual(['SIGTERM@0'])
    expect(
      run([
        ['SIGTERM', 'launcher', 0],
        ['SIGTERM', 'signal', 900],
      ])
    ).toEqual(['SIGTERM@0'])
  })

  it('still passes on a second request: a later one, another signal, or two from one source', () => {
    expect(
      run([
        ['SIGTERM', 'signal', 0],
        ['SIGTERM', 'launcher', 1500],
      ])
    ).toEqual(['SIGTERM@0', 'SIGTERM@1500'])
    expect(
      run([
        ['SIGTERM', 'launcher', 0],
        ['SIGINT', 'launcher', 200],
      ])
    ).toEqual(['SIGTERM@0', 'SIGINT@200'])
    expect(
      run([
        ['SIGINT', 'launcher', 0],
        ['SIGINT', 'launcher', 100],
      ])
    ).toEqual(['SIGINT@0', 'SIGINT@100'])
    // A group signal, then a deliberate second one to cut the shutdown.
    expect(
      run([
        ['SIGTERM', 'signal', 0],
        ['SIGTERM', 'launcher', 10],
        ['SIGTERM', 'signal', 400],
      ])
    ).toEqual(['SIGTERM@0', 'SIGTERM@400'])
  })
})
