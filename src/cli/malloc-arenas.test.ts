import { describe, expect, it } from 'vitest'
import { arenaCappedEnv, glibcVersion } from '../../bin/malloc-arenas.js'
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
