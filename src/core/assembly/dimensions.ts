/**
 * Dimensions of a request (CONTRACT §1.1). Each comes from the first source that has it: keys in
 * the listed order; for each key, spans in role order; for each span, resource attributes before
 * span attributes. Nothing is inferred: a dimension without a source stays `null`.
 */
import type { Dimension } from '../model/request.js'
import type { Attributes, Span } from '../model/span.js'
import { readString } from './attributes.js'
import type { ClassifiedTrace } from './classify-spans.js'
import { urlPathOf } from './llm-trace.js'
import { nativeEngineOf } from './native-engines.js'
import { upstreamDeploymentOf } from './upstream-identity.js'
import type { TraceIndex } from './trace-index.js'
import {
  ATTR_CLOUD_REGION,
  ATTR_ENDUSER_ID,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_HOST_NAME,
  ATTR_HTTP_ROUTE,
  ATTR_K8S_NODE_NAME,
  ATTR_K8S_POD_NAME,
  ATTR_LITELLM_USER_API_KEY_TEAM_ID,
  ATTR_MODEL_ID,
  ATTR_SERVICE_INSTANCE_ID,
  ATTR_SERVICE_VERSION,
  ATTR_TENANT_ID,
  ATTR_TOKENLINE_CLIENT_REGION,
  ATTR_URL_PATH,
  ATTR_USER_ID,
  ATTR_VLLM_PROCESS_ID,
} from '../otlp/semconv.js'

type Where = 'resource' | 'span' | 'both'

// The key lists are made once: an array literal in each call allocated a new array for every
// request, and with the source lists that made `readDimensions` the assembler's largest
// allocation site (~1.1 kB of ~4.3 kB per request, ADR 0329). What is allocated per request is
// copied by each scavenge that finds it live, or brings the next scavenge sooner.
const MODEL_KEYS = [ATTR_GEN_AI_RESPONSE_MODEL, ATTR_GEN_AI_REQUEST_MODEL] as const
const MODEL_ID_KEYS = [ATTR_MODEL_ID] as const
const VERSION_KEYS = [ATTR_SERVICE_VERSION] as const
const REPLICA_KEYS = [ATTR_K8S_POD_NAME, ATTR_SERVICE_INSTANCE_ID] as const
const NODE_KEYS = [ATTR_K8S_NODE_NAME, ATTR_HOST_NAME] as const
const TENANT_KEYS = [
  ATTR_TENANT_ID,
  ATTR_LITELLM_USER_API_KEY_TEAM_ID,
  ATTR_USER_ID,
  ATTR_ENDUSER_ID,
] as const
const ROUTE_KEYS = [ATTR_HTTP_ROUTE, ATTR_URL_PATH] as const
const REGION_KEYS = [ATTR_CLOUD_REGION] as const
const CLIENT_REGION_KEYS = [ATTR_TOKENLINE_CLIENT_REGION] as const
const GATEWAY_KEYS = [ATTR_SERVICE_INSTANCE_ID, ATTR_HOST_NAME] as const

/** `key` of one span: its resource's before its own attributes, as `where` allows. */
function readFrom(s: Span | null, key: string, where: Where): string | null {
  if (s === null) {
    return null
  }
  if (where !== 'span') {
    const v = readString(s.resource, key)
    if (v !== null) {
      return v
    }
  }
  return where === 'resource' ? null : readString(s.attributes, key)
}

/**
 * The first of `keys` found, each key looked for in the sources `a` … `e` in that order. The
 * sources are parameters, not an array, so that a call allocates nothing.
 */
function pick(
  keys: readonly string[],
  where: Where,
  a: Span | null,
  b: Span | null = null,
  c: Span | null = null,
  d: Span | null = null,
  e: Span | null = null
): string | null {
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string
    const v =
      readFrom(a, key, where) ??
      readFrom(b, key, where) ??
      readFrom(c, key, where) ??
      readFrom(d, key, where) ??
      readFrom(e, key, where)
    if (v !== null) {
      return v
    }
  }
  return null
}

/** `host.name` + `vllm.process_id` of one attribute set, or `null`. */
function hostAndPid(attrs: Attributes): string | null {
  const host = readString(attrs, ATTR_HOST_NAME)
  const pid = readString(attrs, ATTR_VLLM_PROCESS_ID)
  return host !== null && pid !== null ? `${host}:${pid}` : null
}

function replicaOf(engine: Span | null): string | null {
  if (engine === null) {
    return null
  }
  // k8s.pod.name first: vLLM's service.instance.id is a random UUID per process (ADR 0026).
  // host.name alone names a node, not a replica: several engines can share a host.
  return (
    pick(REPLICA_KEYS, 'both', engine) ??
    hostAndPid(engine.resource) ??
    hostAndPid(engine.attributes)
  )
}

/**
 * SGLang's process identity when its resource names no replica: `host_id` (first 8 hex digits,
 * as SGLang prints it) and `pid` of the request's scheduler thread span with the lowest TP rank
 * (the engine process that ran it: with data parallelism each DP rank's scheduler is a replica
 * of the model), else of its tokenizer thread.
 */
function sglangReplicaOf(ix: TraceIndex, engine: Span): string | null {
  const e = ix.indexOf(engine)
  let best: { rank: number; id: string } | null = null
  for (let i = 0; i < ix.spans.length; i++) {
    const s = ix.spans[i] as Span
    if (ix.parent[i] !== e || e < 0) {
      continue
    }
    const host = readString(s.attributes, 'host_id')
    const pid = readString(s.attributes, 'pid')
    const label = readString(s.attributes, 'thread_label')
    if (host === null || pid === null || label === null) {
      continue
    }
    // Schedulers by TP rank, then any other thread (the tokenizer).
    const tp = label === 'Scheduler' ? Number(readString(s.attributes, 'tp_rank') ?? 0) : NaN
    const rank = Number.isFinite(tp) ? tp : Number.MAX_SAFE_INTEGER
    if (best === null || rank < best.rank) {
      best = { rank, id: `${host.slice(0, 8)}:${pid}` }
    }
  }
  return best?.id ?? null
}

/**
 * `http.route`, `url.path`; *added*: the path of the older `http.target` (OTel Python's default),
 * without its query string.
 */
function routeOf(entry: Span | null): string | null {
  return entry === null ? null : (pick(ROUTE_KEYS, 'span', entry) ?? urlPathOf(entry))
}

/**
 * The tenant: each key looked for in every span of the trace, in role order (gateway, client,
 * engine, upstream call, the engine's API server, the gateway's steps, the other engine spans).
 */
function tenantOf(c: ClassifiedTrace, engine: Span | null, upstream: Span | null): string | null {
  for (let k = 0; k < TENANT_KEYS.length; k++) {
    const key = TENANT_KEYS[k] as string
    const v =
      readFrom(c.gateway, key, 'both') ??
      readFrom(c.client, key, 'both') ??
      readFrom(engine, key, 'both') ??
      readFrom(upstream, key, 'both') ??
      readFrom(c.frontend, key, 'both')
    if (v !== null) {
      return v
    }
    for (const step of c.steps) {
      const w = readFrom(step.span, key, 'both')
      if (w !== null) {
        return w
      }
    }
    for (const e of c.engineSpans) {
      const w = e === engine ? null : readFrom(e, key, 'both')
      if (w !== null) {
        return w
      }
    }
  }
  return null
}

/** The longest dimension value kept, in UTF-16 code units (a Kubernetes name is at most 253). */
export const MAX_DIMENSION_CHARS = 256

/**
 * A dimension value is a label every request of that value repeats and every list of values
 * returns: one 5 MB `tenant.id` made each `/api/dimensions` answer 5 MB. Past the cap the value
 * keeps its first 255 code units and ends in "…", so it still reads as cut (the span keeps the
 * whole attribute); a surrogate pair is never split.
 */
function capped(v: string | null): string | null {
  if (v === null || v.length <= MAX_DIMENSION_CHARS) {
    return v
  }
  const code = v.charCodeAt(MAX_DIMENSION_CHARS - 2)
  const end = code >= 0xd800 && code <= 0xdbff ? MAX_DIMENSION_CHARS - 2 : MAX_DIMENSION_CHARS - 1
  return `${v.slice(0, end)}…`
}

/** Reads every §1.1 dimension of a classified trace. */
export function readDimensions(c: ClassifiedTrace): Record<Dimension, string | null> {
  const { gateway, client, frontend } = c
  // The engine's own API server shares its process: it names the same replica and node.
  const engine = c.engine ?? frontend
  const upstream = c.upstream[c.upstream.length - 1] ?? null
  const modelFromSpans = pick(MODEL_KEYS, 'both', engine, upstream, gateway, client, frontend)
  return {
    model: capped(modelFromSpans ?? pick(MODEL_ID_KEYS, 'resource', engine, gateway, client)),
    version: capped(pick(VERSION_KEYS, 'resource', engine)),
    replica: capped(
      replicaOf(engine) ??
        (c.engine !== null && nativeEngineOf(c.engine) === 'sglang'
          ? sglangReplicaOf(c.index, c.engine)
          : null) ??
        upstreamDeploymentOf(upstream, gateway)
    ),
    node: capped(pick(NODE_KEYS, 'both', engine)),
    tenant: capped(tenantOf(c, engine, upstream)),
    route: capped(routeOf(gateway ?? frontend)),
    region: capped(
      pick(REGION_KEYS, 'resource', client, gateway) ?? pick(CLIENT_REGION_KEYS, 'both', client)
    ),
    gateway: capped(pick(GATEWAY_KEYS, 'resource', gateway)),
  }
}
