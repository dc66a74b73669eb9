import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { imageTagFromMessage, kindForReason } from './kubernetes.js'
import { parseEvents } from './parse-events.js'

const FIXTURES = resolve(import.meta.dirname, '../../../test/fixtures/events')
const read = (name: string): string => readFileSync(resolve(FIXTURES, name), 'utf8')

describe('parseEvents on JSON Lines', () => {
  const r = parseEvents(read('events.jsonl'))

  it('keeps good lines with their fields', () => {
    expect(r.format).toBe('jsonl')
    expect(r.events.map((e) => e.kind)).toEqual(['deploy', 'scale', 'node', 'canary'])
    expect(r.events[0]).toEqual({
      timeUs: Date.parse('2024-06-11T21:10:00Z') * 1000,
      kind: 'deploy',
      model: 'llama-3.1-8b',
      version: 'v0.6.3',
      replica: null,
      node: null,
      message: 'rollout of vllm v0.6.3',
      reason: null,
    })
    // Offsets are honoured; sub-millisecond digits kept.
    expect(r.events[1]?.timeUs).toBe(Date.parse('2024-06-11T19:12:30.250Z') * 1000)
    expect(r.events[3]?.timeUs).toBe(Date.parse('2024-06-11T21:25:00Z') * 1000 + 123456)
  })

  it('rejects bad lines with line number and reason', () => {
    expect(r.rejected).toEqual([
      { line: 5, reason: expect.stringMatching(/"time" "yesterday" is not RFC 3339/) },
      { line: 6, reason: expect.stringMatching(/"kind" "reboot" is not one of deploy/) },
      { line: 7, reason: 'field "replica" must be a string, got number' },
      { line: 8, reason: expect.stringMatching(/^not JSON/) },
    ])
  })

  it('says a kind is missing rather than printing undefined, and a numeric time is no text', () => {
    const a = parseEvents('{"time":"2024-01-01T00:00:00Z"}\n{"time":-5,"kind":"scale"}\n')
    expect(a.rejected.map((x) => x.reason)).toEqual([
      'field "kind" is missing (one of deploy, scale, restart, config, node, canary)',
      'field "time" must be RFC 3339 text (actual: -5)',
    ])
  })

  it('reads a JSON array of events too', () => {
    const a = parseEvents('[{"time":"2024-01-01T00:00:00Z","kind":"config"}, {"kind":"x"}]')
    expect(a.events).toHaveLength(1)
    expect(a.rejected[0]).toMatchObject({ path: '[1]' })
  })
})

describe('event times outside the bounds of a span time', () => {
  const line = (time: string): string => JSON.stringify({ time, kind: 'deploy' })

  it('rejects a time before 1970 and one past the latest accepted, keeping the others', () => {
    const r = parseEvents(
      [
        line('0001-01-01T00:00:00Z'),
        line('1969-12-31T23:59:59Z'),
        line('2026-12-01T19:03:00Z'),
        line('2200-01-01T00:00:00Z'),
      ].join('\n'),
      { latestUs: Date.parse('2026-12-01T20:00:00Z') * 1000 }
    )
    expect(r.events.map((e) => e.timeUs)).toEqual([Date.parse('2026-12-01T19:03:00Z') * 1000])
    expect(r.rejected.map((x) => [x.line, x.reason])).toEqual([
      [1, expect.stringMatching(/must be after 1970-01-01T00:00:00Z \(actual: 0001-01-01/)],
      [2, expect.stringMatching(/must be after 1970/)],
      [4, expect.stringMatching(/must not be later than 2026-12-01T20:00:00.000Z/)],
    ])
  })

  it('keeps a far future time in a file (no clock), as it keeps a span, up to int64', () => {
    const r = parseEvents([line('2200-01-01T00:00:00Z'), line('9999-01-01T00:00:00Z')].join('\n'))
    expect(r.events).toHaveLength(1)
    expect(r.rejected[0]?.reason).toMatch(/int64 nanosecond range/)
  })

  it("reads Go's zero time in a Kubernetes event as unset and takes the next time", () => {
    const r = parseEvents(
      JSON.stringify({
        items: [
          {
            lastTimestamp: '0001-01-01T00:00:00Z',
            eventTime: '2026-12-01T19:03:00.000000Z',
            reason: 'Killing',
            involvedObject: { kind: 'Pod', name: 'vllm-0' },
          },
          {
            lastTimestamp: '0001-01-01T00:00:00Z',
            reason: 'Killing',
            involvedObject: { kind: 'Pod', name: 'vllm-1' },
          },
        ],
      })
    )
    expect(r.events.map((e) => e.timeUs)).toEqual([Date.parse('2026-12-01T19:03:00Z') * 1000])
    expect(r.rejected).toEqual([
      { line: 0, path: 'items[1]', reason: expect.stringMatching(/no lastTimestamp/) },
    ])
  })
})

describe('parseEvents on a Kubernetes event list', () => {
  const r = parseEvents(read('kubectl-events.json'))

  it('maps reasons onto kinds, objects onto replica/node, in time order', () => {
    expect(r.format).toBe('kubernetes')
    expect(r.events.map((e) => [e.reason, e.kind])).toEqual([
      ['Scheduled', 'restart'],
      ['ScalingReplicaSet', 'scale'],
      ['Pulled', 'restart'],
      ['Unhealthy', 'restart'],
      ['NodeNotReady', 'node'],
    ])
    const scheduled = r.events[0]
    expect(scheduled?.timeUs).toBe(Date.parse('2024-06-11T21:14:01.524Z') * 1000 + 318)
    const pulled = r.events[2]
    expect(pulled).toMatchObject({
      replica: 'vllm-llama-5d8f7c9b6-x2k9q',
      node: 'gpu-node-7',
      version: 'v0.6.3',
    })
    expect(pulled?.message).toMatch(/^Pod\/vllm-llama-5d8f7c9b6-x2k9q: Successfully pulled/)
    // lastTimestamp wins over firstTimestamp.
    expect(r.events[3]?.timeUs).toBe(Date.parse('2024-06-11T21:16:10Z') * 1000)
    expect(r.events[4]).toMatchObject({ node: 'gpu-node-3', replica: null })
    expect(r.events[1]).toMatchObject({ replica: null, node: null })
  })

  it('skips unmapped reasons and rejects items without a time', () => {
    expect(r.skipped).toEqual([{ reason: 'FailedMount', count: 1 }])
    expect(r.rejected).toEqual([
      { line: 0, path: 'items[6]', reason: expect.stringMatching(/no lastTimestamp/) },
    ])
  })
})

describe('kubernetes helpers', () => {
  it('reads image tags, not registry ports or digests', () => {
    expect(imageTagFromMessage('Pulling image "reg.local:5000/vllm/vllm-openai:v0.7.0"')).toBe(
      'v0.7.0'
    )
    expect(imageTagFromMessage('Pulling image "reg.local:5000/vllm"')).toBeNull()
    expect(imageTagFromMessage('Container image "vllm@sha256:abc" already present')).toBeNull()
    expect(imageTagFromMessage('no image here')).toBeNull()
  })

  it('maps canary reasons and any Node event', () => {
    expect(kindForReason('CanaryStepCompleted', 'Rollout')).toBe('canary')
    expect(kindForReason('SomethingNew', 'Node')).toBe('node')
    expect(kindForReason('Starting', 'Pod')).toBeNull()
    expect(kindForReason('FailedMount', 'Pod')).toBeNull()
  })
})
