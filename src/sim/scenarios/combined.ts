import type { Phase } from '../config.js'
import type { ScenarioDef } from '../scenario.js'
import { nodeDegraded, versionRegression } from './cluster.js'
import { highRtt, noisyNeighbor, streamBuffering, tlsHandshake } from './edge.js'

/** Two causes at once: builds both members from their own seeds and merges the second into the first. */
function combine(name: string, summary: string, a: ScenarioDef, b: ScenarioDef): ScenarioDef {
  return {
    name,
    summary,
    causes: [...a.causes, ...b.causes],
    build(rng, durationUs) {
      const first = a.build(rng.fork(a.name), durationUs)
      const second = b.build(rng.fork(b.name), durationUs)
      const cfg = first.config
      const other = second.config
      const phases: Phase[] = [...cfg.phases, ...other.phases]
      cfg.phases = phases
      cfg.control.push(...other.control)
      Object.assign(cfg.cluster.versionSpeed, other.cluster.versionSpeed)
      cfg.client.probeShare = Math.max(cfg.client.probeShare, other.client.probeShare)
      cfg.client.tlsVersion = other.client.tlsVersion === '1.2' ? '1.2' : cfg.client.tlsVersion
      cfg.client.keepAliveReuse = Math.min(cfg.client.keepAliveReuse, other.client.keepAliveReuse)
      for (const r of other.workload.regions) {
        if (!cfg.workload.regions.some((x) => x.name === r.name)) {
          cfg.workload.regions.push(r)
        }
      }
      return { config: cfg, causes: [...first.causes, ...second.causes] }
    },
  }
}

export const nodeDegradedWithTls = combine(
  'combo-node-degraded-tls-handshake',
  'A throttled node and, separately, clients that stopped reusing connections',
  nodeDegraded,
  tlsHandshake
)

export const noisyTenantWithHighRtt = combine(
  'combo-noisy-neighbor-high-rtt',
  "One tenant's burst queues everyone, while one far client region pays long round trips",
  noisyNeighbor,
  highRtt
)

export const canaryWithStreamBuffering = combine(
  'combo-version-regression-stream-buffering',
  'A slow canary version and a proxy that starts buffering the SSE stream',
  versionRegression,
  streamBuffering
)
