/**
 * The streaming round the probe benches share: every stream's connection opened and warmed by a
 * one-token request first, so what is timed is steady-state streaming. Not a benchmark itself.
 */
import { performance } from 'node:perf_hooks'
import type { ProbeClient } from '../src/probe/transport.js'

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
