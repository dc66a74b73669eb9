/**
 * Shapes shared by the probe's modules. Times named `*AtMs` are readings of the monotonic
 * clock (`performance.now()`, milliseconds since the process started); durations end in `Ms`.
 */

/** How a request failed; `null` in a record means it succeeded. */
export type ProbeErrorType =
  | 'timeout'
  | 'connect_refused'
  | 'connect_timeout'
  | 'connect_unreachable'
  | 'dns'
  | 'tls'
  | `http_${number}`
  | 'stream_aborted'
  | 'bad_response'

/** TLS facts of the connection a request used; absent for plain HTTP. */
export interface TlsInfo {
  resumed: boolean
  /** e.g. `TLSv1.3` as `socket.getProtocol()` reports it. */
  version: string | null
  /** Negotiated ALPN protocol (`h2`, `http/1.1`) or null when none was negotiated. */
  alpn: string | null
}

/** Monotonic clock readings of one request; `null` when the moment did not happen. */
export interface RequestMarks {
  scheduledAtMs: number
  sentAtMs: number
  dnsStartAtMs: number | null
  dnsEndAtMs: number | null
  /** Immediately before the TCP connect call (the socket's first `connectionAttempt`). */
  connectStartAtMs: number | null
  connectEndAtMs: number | null
  tlsEndAtMs: number | null
  requestWrittenAtMs: number | null
  headersAtMs: number | null
  firstByteAtMs: number | null
  firstEventAtMs: number | null
  /** First token of any kind: content, reasoning or tool call. */
  firstAnyTokenAtMs: number | null
  /** Last SSE data event other than `[DONE]` (the usage chunk included). */
  lastEventAtMs: number | null
  endAtMs: number
}

/** What one request measured. The client returns this for every outcome, errors included. */
export interface RequestResult {
  traceId: string
  spanId: string
  /** Epoch milliseconds matching `marks.scheduledAtMs` (for RFC 3339 output). */
  scheduledEpochMs: number
  status: number
  error: ProbeErrorType | null
  /** Human-readable detail of the error (first bytes of an error body, socket error code). */
  errorDetail: string | null
  connectionReused: boolean
  tls: TlsInfo | null
  /** `1.1` or `2`. */
  protocolVersion: string
  marks: RequestMarks
  /** Arrival time of every chunk that carried content text, in order. */
  contentArrivalsAtMs: number[]
  /** Arrival time of every event with a non-empty `choices` array (role-only, finish included). */
  choiceArrivalsAtMs: number[]
  /** Number of SSE `data:` events received (including `[DONE]`). */
  events: number
  usage: { inputTokens: number | null; outputTokens: number | null }
  retries: number
  /** Concatenated content text (kept only for multi-turn workloads). */
  text: string
}

/** The per-request JSONL record (`--out FILE`), exactly the documented fields. */
export interface ProbeRecord {
  trace_id: string
  scheduled_at: string
  sent_at: string
  status: number
  error: string | null
  connection_reused: boolean
  tls_resumed: boolean | null
  tls_version: string | null
  alpn: string | null
  dns_ms: number
  connect_ms: number
  tls_ms: number
  ttfb_ms: number | null
  first_event_ms: number | null
  ttft_ms: number | null
  tpot_ms: number | null
  itl_p50_ms: number | null
  itl_p99_ms: number | null
  itl_max_ms: number | null
  stalls: number
  chunks: number
  input_tokens: number | null
  output_tokens: number | null
  retries: number
  e2e_ms: number
  client_lag_ms: number
  /** Only with `--raw-gaps`: every gap between content chunks. */
  itl_gaps_ms?: number[]
}
