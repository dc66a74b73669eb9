/**
 * Dimensions of a request (CONTRACT §1.1). Each comes from the first source that has it: keys in
 * the listed order; for each key, spans in role order; for each span, resource attributes before
 * span attributes. Nothing is inferred: a dimension without a source stays `null`.
 */
import type { Dimension } from '../model/request.js'
import type { Span } from '../model/span.js'
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

function pick(
  sources: readonly (Span | null)[],
  keys: readonly string[],
  where: Where = 'both'
): string | null {
  for (const key of keys) {
    for (const s of sources) {
      if (s === null) {
        continue
      }
      if (where !== 'span') {
        const v = readString(s.resource, key)
        if (v !== null) {
          return v
        }
      }
      if (where !== 'resource') {
        const v = readString(s.attributes, key)
        if (v !== null) {
          return v
        }
      }
    }
  }
  return null
}

function replicaOf(engine: Span | null): string | null {
  if (engine === null) {
    return null
  }
  // k8s.pod.name first: vLLM's service.instance.id is a random UUID per process (ADR 0026).
  const named = pick([engine], [ATTR_K8S_POD_NAME, ATTR_SERVICE_INSTANCE_ID])
  if (named !== null) {
    return named
  }
  // host.name alone names a node, not a replica: several engines can share a host.
  for (const attrs of [engine.resource, engine.attributes]) {
    const host = readString(attrs, ATTR_HOST_NAME)
    const pid = readString(attrs, ATTR_VLLM_PROCESS_ID)
    if (host !== null && pid !== null) {
      return `${host}:${pid}`
    }
  }
  return null
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
  return entry === null
    ? null
    : (pick([entry], [ATTR_HTTP_ROUTE, ATTR_URL_PATH], 'span') ?? urlPathOf(entry))
}

/** Reads every §1.1 dimension of a classified trace. */
export function readDimensions(c: ClassifiedTrace): Record<Dimension, string | null> {
  const { gateway, client, frontend } = c
  // The engine's own API server shares its process: it names the same replica and node.
  const engine = c.engine ?? frontend
  const upstream = c.upstream[c.upstream.length - 1] ?? null
  // Role order for dimensions any span may carry.
  const everyone: (Span | null)[] = [gateway, client, engine, upstream, frontend]
  for (const step of c.steps) {
    everyone.push(step.span)
  }
  for (const e of c.engineSpans) {
    if (e !== engine) {
      everyone.push(e)
    }
  }
  const modelFromSpans = pick(
    [engine, upstream, gateway, client, frontend],
    [ATTR_GEN_AI_RESPONSE_MODEL, ATTR_GEN_AI_REQUEST_MODEL]
  )
  return {
    model: modelFromSpans ?? pick([engine, gateway, client], [ATTR_MODEL_ID], 'resource'),
    version: pick([engine], [ATTR_SERVICE_VERSION], 'resource'),
    replica:
      replicaOf(engine) ??
      (c.engine !== null && nativeEngineOf(c.engine) === 'sglang'
        ? sglangReplicaOf(c.index, c.engine)
        : null) ??
      upstreamDeploymentOf(upstream, gateway),
    node: pick([engine], [ATTR_K8S_NODE_NAME, ATTR_HOST_NAME]),
    tenant: pick(everyone, [
      ATTR_TENANT_ID,
      ATTR_LITELLM_USER_API_KEY_TEAM_ID,
      ATTR_USER_ID,
      ATTR_ENDUSER_ID,
    ]),
    route: routeOf(gateway ?? frontend),
    region:
      pick([client, gateway], [ATTR_CLOUD_REGION], 'resource') ??
      pick([client], [ATTR_TOKENLINE_CLIENT_REGION]),
    gateway: pick([gateway], [ATTR_SERVICE_INSTANCE_ID, ATTR_HOST_NAME], 'resource'),
  }
}
