/**
 * Every number of the simulated platform, with defaults for a Llama-class model on H100 GPUs.
 * Durations carry their unit in the name; token counts are plain numbers.
 */

/** A GPU type: peak dense BF16 compute and HBM bandwidth. */
export interface GpuProfile {
  name: string
  peakTflops: number
  memBandwidthGBs: number
  memoryGiB: number
}

/** A model: size, bytes per weight, KV bytes per token, tensor-parallel width. */
export interface ModelProfile {
  name: string
  paramsB: number
  weightBytesPerParam: number
  /** 2 (K and V) × layers × KV heads × head dim × bytes per element. */
  kvBytesPerToken: number
  /** Attention FLOPs per (token, context token) pair: ≈ 4 × layers × hidden size. */
  attnFlopsPerTokenCtx: number
  tensorParallel: number
}

export const H100_SXM: GpuProfile = {
  name: 'NVIDIA H100 80GB HBM3',
  peakTflops: 989,
  memBandwidthGBs: 3350,
  memoryGiB: 80,
}

export const MODELS: Record<string, ModelProfile> = {
  'llama-3.1-8b': {
    name: 'meta-llama/Llama-3.1-8B-Instruct',
    paramsB: 8.03,
    weightBytesPerParam: 2,
    kvBytesPerToken: 2 * 32 * 8 * 128 * 2,
    attnFlopsPerTokenCtx: 4 * 32 * 4096,
    tensorParallel: 1,
  },
  'qwen2.5-32b': {
    name: 'Qwen/Qwen2.5-32B-Instruct',
    paramsB: 32.8,
    weightBytesPerParam: 2,
    kvBytesPerToken: 2 * 64 * 8 * 128 * 2,
    attnFlopsPerTokenCtx: 4 * 64 * 5120,
    tensorParallel: 2,
  },
  'llama-3.1-70b': {
    name: 'meta-llama/Llama-3.1-70B-Instruct',
    paramsB: 70.6,
    weightBytesPerParam: 2,
    kvBytesPerToken: 2 * 80 * 8 * 128 * 2,
    attnFlopsPerTokenCtx: 4 * 80 * 8192,
    tensorParallel: 4,
  },
}

export interface EngineConfig {
  maxNumSeqs: number
  maxNumBatchedTokens: number
  blockSizeTokens: number
  gpuMemoryUtilization: number
  /** Memory kept for activations and CUDA graphs, per GPU. */
  activationReserveGiB: number
  /** Overrides the KV block count computed from memory (used to force KV pressure). */
  kvCacheBlocks: number | null
  chunkedPrefill: boolean
  prefixCaching: boolean
  /** How many distinct shared prefixes one replica's cache holds before evicting the oldest. */
  prefixCacheEntries: number
  /** Dynamic batching: hold new requests up to this long to form a batch (0 = off). */
  batchingWindowMs: number
  /** The window closes early once this many requests wait. */
  batchingPreferredSize: number
  /** Share of peak FLOPs prefill achieves. */
  mfu: number
  /** Share of peak HBM bandwidth decode achieves. */
  bandwidthEfficiency: number
  /** Scaling efficiency of tensor parallelism (communication). */
  tpEfficiency: number
  /** Fixed per-step cost: scheduling, sampling, kernel launches. */
  stepOverheadMs: number
  /** Lognormal sigma of step-time noise. */
  stepNoiseSigma: number
  /** Tokenisation and request set-up before the request enters the engine queue. */
  frontendBaseMs: number
  frontendUsPerPromptToken: number
  /** After start, steps are slower (graph capture, compilation, cold caches) for this long. */
  warmupMs: number
  /** Step-time multiplier right after start; decays linearly to 1 over `warmupMs`. */
  warmupSlowdown: number
}

export const DEFAULT_ENGINE: EngineConfig = {
  maxNumSeqs: 256,
  maxNumBatchedTokens: 8192,
  blockSizeTokens: 16,
  gpuMemoryUtilization: 0.9,
  activationReserveGiB: 4,
  kvCacheBlocks: null,
  chunkedPrefill: true,
  prefixCaching: true,
  prefixCacheEntries: 64,
  batchingWindowMs: 0,
  batchingPreferredSize: 32,
  mfu: 0.5,
  bandwidthEfficiency: 0.8,
  tpEfficiency: 0.85,
  stepOverheadMs: 1.2,
  stepNoiseSigma: 0.03,
  frontendBaseMs: 1.5,
  frontendUsPerPromptToken: 0.4,
  warmupMs: 180_000,
  warmupSlowdown: 3.5,
}

export interface TenantSpec {
  id: string
  weight: number
}

export interface RegionSpec {
  name: string
  weight: number
  rttMs: number
}

/** What clients send. Lengths are lognormal (median, sigma) and capped. */
export interface WorkloadConfig {
  ratePerSec: number
  tenants: TenantSpec[]
  regions: RegionSpec[]
  promptMedian: number
  promptSigma: number
  promptMax: number
  outputMedian: number
  outputSigma: number
  maxTokens: number
  /** Share of requests that start with one of `prefixGroups` shared system prompts. */
  prefixShare: number
  prefixGroups: number
  prefixTokens: number
  /** Share of long-prompt requests and their length (lognormal median). */
  longPromptShare: number
  longPromptMedian: number
  /** Share of long-generation requests, their output median and max_tokens. */
  longOutputShare: number
  longOutputMedian: number
  longOutputMaxTokens: number
  /** Closed loop: this many users, each sending again after a think time (0 = open loop). */
  closedLoopUsers: number
  thinkTimeMs: number
  /** Sessions (conversations) per tenant, for session-aware routing. */
  sessionsPerTenant: number
}

export interface ClientConfig {
  /** Share of requests that carry the probe's client span. */
  probeShare: number
  /** Probability that a request rides an already open connection. */
  keepAliveReuse: number
  /** Probability that a new TLS connection resumes a session. */
  tlsResumeShare: number
  tlsVersion: '1.2' | '1.3'
  /** Server CPU for a full handshake (key exchange, certificate signature). */
  tlsFullHandshakeCpuMs: number
  dnsMs: number
  sendMs: number
  /** Span attribute that carries the tenant. */
  tenantAttribute: 'tenant.id' | 'metadata.user_api_key_team_id'
}

export interface GatewayConfig {
  serviceName: string
  instances: number
  /** Requests one gateway instance serves at once; the rest wait in its admission queue. */
  maxConcurrent: number
  /** Load balancer (HAProxy) maxconn in front of the gateways. */
  connectionLimit: number
  authMs: number
  rateLimitMs: number
  routeMs: number
  guardrail: boolean
  guardrailMs: number
  /** Share of requests that call a retrieval service first, and its median latency. */
  retrievalShare: number
  retrievalMs: number
  /** Proxy buffers the SSE stream and flushes every N tokens (0 = streams through). */
  proxyBufferTokens: number
  proxyMs: number
  /** Share of upstream calls that fail fast and are retried on another replica. */
  retryShare: number
}

export type RouterPolicy = 'round_robin' | 'least_loaded' | 'prefix_aware' | 'session'

export interface RouterConfig {
  policy: RouterPolicy
  /** Relative weight per replica index (missing = 1). */
  weights: Record<number, number>
}

export interface ClusterConfig {
  modelKey: string
  gpu: GpuProfile
  replicas: number
  replicasPerNode: number
  version: string
  /** Step-time multiplier per version (1 = reference speed). */
  versionSpeed: Record<string, number>
  region: string
  namespace: string
  deployment: string
}

/** The part of the configuration that may change during a run (phases patch it). */
export interface DynamicParams {
  rateMultiplier: number
  /** Extra rate multiplier per tenant id. */
  tenantRateMultiplier: Record<string, number>
  promptMedian: number
  longPromptShare: number
  longOutputShare: number
  prefixShare: number
  /** When false, shared prefixes carry per-request data and never hit the cache. */
  prefixStable: boolean
  proxyBufferTokens: number
  keepAliveReuse: number
  tlsResumeShare: number
  tlsFullHandshakeCpuMs: number
  regionRttMs: Record<string, number>
  retrievalMs: number
  retrievalShare: number
  /** Step-time multiplier per node index (replica i runs on node ⌊i / replicasPerNode⌋). */
  nodeSlowFactor: Record<number, number>
}

export interface Phase {
  fromUs: number
  toUs: number
  patch: Partial<DynamicParams>
}

export type ControlAction =
  | { atUs: number; kind: 'scale'; add: number }
  | { atUs: number; kind: 'deploy'; replicaIndexes: number[]; version: string; canary: boolean }
  | { atUs: number; kind: 'restart'; replicaIndex: number; downMs: number }
  | { atUs: number; kind: 'node'; nodeIndex: number; message: string; reason: string }
  | { atUs: number; kind: 'config'; objectName: string; message: string }

/** A whole simulated platform. */
export interface SimConfig {
  cluster: ClusterConfig
  engine: EngineConfig
  workload: WorkloadConfig
  client: ClientConfig
  gateway: GatewayConfig
  router: RouterConfig
  phases: Phase[]
  control: ControlAction[]
  /** Scrape interval of every metrics target. */
  scrapeIntervalMs: number
}

/** A healthy baseline: 8B model on 4 H100 replicas, moderate chat traffic. */
export function defaultSimConfig(): SimConfig {
  return {
    cluster: {
      modelKey: 'llama-3.1-8b',
      gpu: H100_SXM,
      replicas: 4,
      replicasPerNode: 2,
      version: 'v0.8.4',
      versionSpeed: {},
      region: 'us-east-1',
      namespace: 'llm',
      deployment: 'vllm-llama-8b',
    },
    engine: { ...DEFAULT_ENGINE },
    workload: {
      ratePerSec: 4,
      tenants: [
        { id: 'team-search', weight: 4 },
        { id: 'team-support', weight: 3 },
        { id: 'team-docs', weight: 2 },
        { id: 'team-labs', weight: 1 },
      ],
      regions: [
        { name: 'us-east-1', weight: 6, rttMs: 12 },
        { name: 'us-west-2', weight: 3, rttMs: 65 },
        { name: 'eu-west-1', weight: 2, rttMs: 80 },
      ],
      promptMedian: 700,
      promptSigma: 0.8,
      promptMax: 16_000,
      outputMedian: 180,
      outputSigma: 0.7,
      maxTokens: 1024,
      prefixShare: 0.7,
      prefixGroups: 8,
      prefixTokens: 512,
      longPromptShare: 0,
      longPromptMedian: 12_000,
      longOutputShare: 0,
      longOutputMedian: 3000,
      longOutputMaxTokens: 8192,
      closedLoopUsers: 0,
      thinkTimeMs: 3000,
      sessionsPerTenant: 50,
    },
    client: {
      probeShare: 0.3,
      keepAliveReuse: 0.85,
      tlsResumeShare: 0.7,
      tlsVersion: '1.3',
      tlsFullHandshakeCpuMs: 2,
      dnsMs: 3,
      sendMs: 0.4,
      tenantAttribute: 'tenant.id',
    },
    gateway: {
      serviceName: 'llm-gateway',
      instances: 2,
      maxConcurrent: 1024,
      connectionLimit: 10_000,
      authMs: 1.5,
      rateLimitMs: 0.6,
      routeMs: 0.3,
      guardrail: false,
      guardrailMs: 8,
      retrievalShare: 0,
      retrievalMs: 40,
      proxyBufferTokens: 0,
      proxyMs: 0.3,
      retryShare: 0.002,
    },
    router: { policy: 'least_loaded', weights: {} },
    phases: [],
    control: [],
    scrapeIntervalMs: 15_000,
  }
}

/** The dynamic parameters a config starts with. */
export function baseDynamicParams(config: SimConfig): DynamicParams {
  const regionRttMs: Record<string, number> = {}
  for (const r of config.workload.regions) {
    regionRttMs[r.name] = r.rttMs
  }
  return {
    rateMultiplier: 1,
    tenantRateMultiplier: {},
    promptMedian: config.workload.promptMedian,
    longPromptShare: config.workload.longPromptShare,
    longOutputShare: config.workload.longOutputShare,
    prefixShare: config.workload.prefixShare,
    prefixStable: true,
    proxyBufferTokens: config.gateway.proxyBufferTokens,
    keepAliveReuse: config.client.keepAliveReuse,
    tlsResumeShare: config.client.tlsResumeShare,
    tlsFullHandshakeCpuMs: config.client.tlsFullHandshakeCpuMs,
    regionRttMs,
    retrievalMs: config.gateway.retrievalMs,
    retrievalShare: config.gateway.retrievalShare,
    nodeSlowFactor: {},
  }
}
