import {
  baseline,
  globalScope,
  onset,
  round1,
  useLargeModel,
  type ScenarioDef,
} from '../scenario.js'

/** One tenant's burst floods the shared fleet; everyone's requests queue. */
export const noisyNeighbor: ScenarioDef = {
  name: 'tenant-noisy-neighbor',
  summary: "One tenant's burst queues every tenant's requests",
  causes: ['tenant.noisy_neighbor'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    useLargeModel(cfg, rng)
    const from = onset(rng, durationUs)
    const tenant = rng.pick(cfg.workload.tenants.slice(1)).id
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(1.4, 1.8))
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { tenantRateMultiplier: { [tenant]: rng.int(22, 28) } },
    })
    return {
      config: cfg,
      causes: [
        {
          cause: 'tenant.noisy_neighbor',
          scope: { dimension: 'tenant', value: tenant },
          fromUs: from,
          toUs: durationUs,
        },
      ],
    }
  },
}

/** The gateway's worker pool is too small for the traffic after the onset. */
export const gatewayQueueing: ScenarioDef = {
  name: 'gateway-queueing',
  summary: "Requests wait in the gateway's admission queue (worker pool too small)",
  causes: ['gateway.queueing'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.gateway.maxConcurrent = rng.int(5, 7)
    cfg.workload.ratePerSec = round1(cfg.gateway.instances * cfg.gateway.maxConcurrent * 0.25)
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { rateMultiplier: round1(rng.range(1.45, 1.6)) },
    })
    return {
      config: cfg,
      causes: [{ cause: 'gateway.queueing', scope: globalScope(), fromUs: from, toUs: durationUs }],
    }
  },
}

/** The load balancer's maxconn is reached; new connections wait for SYN retransmits (1 s, 3 s). */
export const connectionLimit: ScenarioDef = {
  name: 'gateway-connection-limit',
  summary: 'HAProxy maxconn reached: new connections are retried after SYN retransmits (≈1 s, 3 s)',
  causes: ['gateway.connection_limit'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.client.keepAliveReuse = 0.4
    cfg.client.probeShare = 0.5
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(1.2, 1.5))
    // Concurrency ≈ rate × ~1.7 s per request; the limit sits just above the baseline's.
    cfg.gateway.connectionLimit = Math.round(cfg.workload.ratePerSec * 1.7 * rng.range(1.7, 1.9))
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { rateMultiplier: round1(rng.range(1.5, 1.7)) },
    })
    return {
      config: cfg,
      causes: [
        { cause: 'gateway.connection_limit', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}

/** Clients stop reusing connections and resuming TLS sessions: every request pays a full handshake. */
export const tlsHandshake: ScenarioDef = {
  name: 'network-tls-handshake',
  summary: 'Connections are no longer reused or resumed; each request pays a full TLS handshake',
  causes: ['network.tls_handshake'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.client.probeShare = 0.6
    cfg.client.tlsVersion = '1.2'
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { keepAliveReuse: 0, tlsResumeShare: 0, tlsFullHandshakeCpuMs: rng.int(60, 120) },
    })
    return {
      config: cfg,
      causes: [
        { cause: 'network.tls_handshake', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}

/** Clients in a far region pay long round trips on every connection and response. */
export const highRtt: ScenarioDef = {
  name: 'network-high-rtt',
  summary: 'One client region far from the serving region: its network stage is large',
  causes: ['network.high_rtt'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const region = rng.pick(['ap-southeast-2', 'ap-northeast-1', 'sa-east-1'])
    cfg.client.probeShare = 0.8
    cfg.client.keepAliveReuse = 0.6
    cfg.workload.regions.push({ name: region, weight: 3, rttMs: rng.int(220, 320) })
    return {
      config: cfg,
      causes: [
        {
          cause: 'network.high_rtt',
          scope: { dimension: 'region', value: region },
          fromUs: 0,
          toUs: durationUs,
        },
      ],
    }
  },
}

/** A proxy starts buffering the SSE stream: tokens arrive in bursts with long stalls. */
export const streamBuffering: ScenarioDef = {
  name: 'proxy-stream-buffering',
  summary: 'A proxy buffers SSE; clients see bursts and stalls while engine ITL is fine',
  causes: ['proxy.stream_buffering'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.client.probeShare = 0.6
    cfg.control.push({
      atUs: from,
      kind: 'config',
      objectName: 'ingress-nginx-controller',
      message: 'Ingress llm-api: proxy-buffering "off" -> "on" (configuration reloaded)',
    })
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { proxyBufferTokens: rng.int(48, 96) },
    })
    return {
      config: cfg,
      causes: [
        { cause: 'proxy.stream_buffering', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}

/** The retrieval service the gateway calls before the model gets slow. */
export const downstreamDependency: ScenarioDef = {
  name: 'downstream-dependency',
  summary: 'The retrieval service called before generation slows down',
  causes: ['downstream.dependency'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.gateway.retrievalShare = round1(rng.range(0.5, 0.8))
    cfg.gateway.retrievalMs = rng.int(25, 45)
    cfg.phases.push({ fromUs: from, toUs: durationUs, patch: { retrievalMs: rng.int(450, 900) } })
    return {
      config: cfg,
      causes: [
        { cause: 'downstream.dependency', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}
