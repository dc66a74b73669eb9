import { describe, expect, it } from 'vitest'
import { findConcentration, type CategoricalColumn } from './find-concentration.js'
import { pickHoldingValue, pickReplicaOrNode } from './narrowest-scope.js'

/** 8 replicas on 4 nodes (2 each), 100 requests per replica, `slowIn` replicas' requests slow at `rate`. */
function cluster(slowReplicas: Record<string, number>): {
  columns: CategoricalColumn[]
  slow: Uint8Array
  eligible: Uint8Array
  replicaNode: Map<string, string>
} {
  const replicas = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']
  const nodes = ['n0', 'n1', 'n2', 'n3']
  const n = replicas.length * 100
  const rc = new Int32Array(n)
  const nc = new Int32Array(n)
  const slow = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const r = i % 8
    rc[i] = r
    nc[i] = Math.floor(r / 2)
    const rate = slowReplicas[replicas[r]!] ?? 0.005
    // Deterministic "rate": the first rate×100 requests of the replica are slow.
    slow[i] = Math.floor(i / 8) < Math.round(rate * 100) ? 1 : 0
  }
  return {
    columns: [
      { dimension: 'replica', codes: rc, values: replicas },
      { dimension: 'node', codes: nc, values: nodes },
    ],
    slow,
    eligible: new Uint8Array(n).fill(1),
    replicaNode: new Map(replicas.map((r, i) => [r, nodes[Math.floor(i / 2)]!])),
  }
}

describe('findConcentration', () => {
  it('computes shares and lift, and marks only significant values', () => {
    const c = cluster({ r3: 0.3 })
    const rows = findConcentration(c.columns, c.slow, c.eligible)
    const r3 = rows.find((r) => r.dimension === 'replica' && r.value === 'r3')!
    expect(r3.significant).toBe(true)
    expect(r3.slowShare).toBeGreaterThan(0.8)
    expect(r3.lift).toBeGreaterThan(5)
    expect(rows[0]!.significant).toBe(true)
    const r0 = rows.find((r) => r.dimension === 'replica' && r.value === 'r0')!
    expect(r0.significant).toBe(false)
  })

  it('returns no rows when nothing (or everything) is slow', () => {
    const c = cluster({})
    expect(findConcentration(c.columns, new Uint8Array(800), c.eligible)).toEqual([])
  })

  it('a lone slow replica is named as the replica', () => {
    const c = cluster({ r3: 0.3 })
    const rows = findConcentration(c.columns, c.slow, c.eligible)
    expect(pickReplicaOrNode(rows, c.replicaNode)).toMatchObject({
      dimension: 'replica',
      value: 'r3',
    })
  })

  it('a node whose two replicas are both slow wins over its replicas', () => {
    const c = cluster({ r4: 0.3, r5: 0.2 })
    const rows = findConcentration(c.columns, c.slow, c.eligible)
    expect(pickReplicaOrNode(rows, c.replicaNode)).toMatchObject({ dimension: 'node', value: 'n2' })
  })

  it('no scope holds when the slow requests are spread evenly', () => {
    const c = cluster({ r0: 0.1, r1: 0.1, r2: 0.1, r3: 0.1, r4: 0.1, r5: 0.1, r6: 0.1, r7: 0.1 })
    const rows = findConcentration(c.columns, c.slow, c.eligible)
    expect(pickReplicaOrNode(rows, c.replicaNode)).toBeNull()
    expect(pickHoldingValue(rows, ['replica', 'node'])).toBeNull()
  })
})
