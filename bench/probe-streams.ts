/**
 * The streaming round the probe benches share: the mock server that records its real write
 * times, and every stream's connection opened and warmed by a one-token request first, so what
 * is timed is steady-state streaming. Not a benchmark itself.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import type { ProbeClient } from '../src/probe/transport.js'

/**
 * Starts `tokenline mock-server --stamp-tokens` in its own process: fixed timings (first token
 * at 100 ms, then one every 50 ms), or with `engineBatch` its engine model, where every decode
 * step writes to every running stream at once.
 */
export async function startStampingMock(
  engineBatch: boolean
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['bin/tokenline.js', 'mock-server', '--port', '0', '--stamp-tokens'].concat(
      engineBatch ? ['--max-batch', '4000'] : ['--fixed-ttft-ms', '100', '--fixed-itl-ms', '50']
    ),
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    const m = /^listening (\S+)/.exec(line)
    if (m !== null) {
      return { url: m[1] as string, child }
    }
  }
  throw new Error('mock server did not start')
}

/** The request body of a timed stream: `tokens` content chunks. */
export function streamBody(tokens: number): string {
  return JSON.stringify({
    model: 'm',
    messages: [{ role: 'user', content: 'x' }],
    stream: true,
    max_tokens: tokens,
  })
}

/** Opens and warms `streams` connections (one one-token request each, all at once). */
export async function openStreams(client: ProbeClient, streams: number): Promise<void> {
  await client.warmUp?.()
  await Promise.all(
    Array.from({ length: streams }, () =>
      client.send({
        body: JSON.stringify({ model: 'm', messages: [], stream: true, max_tokens: 1 }),
        scheduledAtMs: performance.now(),
      })
    )
  )
}
