/** Lifecycle of one simulated request; fields are µs on the run's virtual clock unless named otherwise. */
export class SimRequest {
  // identity and workload
  id = 0
  traceId = ''
  tenant = ''
  region = ''
  session = 0
  /** Shared-prefix group, or -1. */
  prefixGroup = -1
  promptTokens = 0
  outputTokens = 0
  maxTokens = 0
  probed = false
  closedLoop = false

  // client and network
  rttUs = 0
  clientStartUs = 0
  dnsUs = 0
  connectUs = 0
  tlsUs = 0
  sendUs = 0
  reused = false
  tlsResumed = false
  synRetries = 0

  // gateway
  gateway = 0
  gwArriveUs = 0
  gwAdmitUs = 0
  authUs = 0
  rateLimitUs = 0
  routeUs = 0
  guardrailUs = 0
  retrievalUs = 0
  upstreamStartUs = 0
  retries = 0
  bufferTokens = 0

  // engine
  replica = -1
  engineArriveUs = 0
  queuedUs = 0
  scheduledUs = 0
  firstTokenUs = 0
  engineEndUs = 0
  cachedTokens = 0
  preemptions = 0
  /** Generated tokens so far. */
  generated = 0
  remainingPrefill = 0
  admitted = false
  admitSeq = 0
  /** 0 waiting, 1 prefill, 2 decode, 3 done. */
  state = 0
  runIdx = -1
  prefillIdx = -1
  firstStep = 0
  finishStep = -1
  phaseKey = 0
  /** Flat [start, end] step ranges during which the request produced one token per step. */
  segments: number[] = []

  // client-side stream, filled at finish for probed requests
  clientFirstChunkUs = 0
  clientLastChunkUs = 0
  clientTtfbUs = 0
  itlP50Us = 0
  itlP99Us = 0
  itlMaxUs = 0
  stalls = 0
  chunks = 0
}

export const REQ_WAITING = 0
export const REQ_PREFILL = 1
export const REQ_DECODE = 2
export const REQ_DONE = 3
