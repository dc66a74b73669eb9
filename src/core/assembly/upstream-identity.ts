/**
 * The deployment a gateway called, from its own spans, for requests whose engine spans name no
 * replica (an engine without tracing behind LiteLLM, Envoy or an instrumented HTTP gateway).
 * The first of, on the gateway's (last) upstream call:
 *
 * 1. LiteLLM's `hidden_params.api_base` host, else its `hidden_params.model_id` (the router's id
 *    of the deployment); also read from the gateway entry, where LiteLLM ≥ 1.81 writes them;
 * 2. `server.address` (older `net.peer.name`), else the host of `url.full` (older `http.url`);
 * 3. `gen_ai.provider.name` (or the older `gen_ai.system`) of the call.
 *
 * A host name stands alone (`vllm-b`); an IP address or `localhost` keeps its port
 * (`10.0.0.7:8001`), since there the port is what tells two deployments apart.
 */
import type { Span } from '../model/span.js'
import { readNumber, readString } from './attributes.js'
import {
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_SYSTEM,
  ATTR_HTTP_URL_OLD,
  ATTR_LITELLM_HIDDEN_PARAMS,
  ATTR_NET_PEER_NAME_OLD,
  ATTR_NET_PEER_PORT_OLD,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_FULL,
} from '../otlp/semconv.js'

/** See the module comment; `null` when no span names the upstream. */
export function upstreamDeploymentOf(upstream: Span | null, entry: Span | null): string | null {
  for (const s of [upstream, entry]) {
    const named = s === null ? null : liteLlmDeployment(s)
    if (named !== null) {
      return named
    }
  }
  if (upstream === null) {
    return null
  }
  const a = upstream.attributes
  const address = readString(a, ATTR_SERVER_ADDRESS) ?? readString(a, ATTR_NET_PEER_NAME_OLD)
  if (address !== null) {
    return deploymentName(
      address,
      readNumber(a, ATTR_SERVER_PORT) ?? readNumber(a, ATTR_NET_PEER_PORT_OLD)
    )
  }
  const url = readString(a, ATTR_URL_FULL) ?? readString(a, ATTR_HTTP_URL_OLD)
  const fromUrl = url === null ? null : hostOf(url)
  if (fromUrl !== null) {
    return fromUrl
  }
  return (
    readString(upstream.attributes, ATTR_GEN_AI_PROVIDER_NAME) ??
    readString(upstream.attributes, ATTR_GEN_AI_SYSTEM)
  )
}

function liteLlmDeployment(s: Span): string | null {
  const raw = readString(s.attributes, ATTR_LITELLM_HIDDEN_PARAMS)
  if (raw === null || !raw.startsWith('{')) {
    return null
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    // A truncated attribute (exporters cap attribute length) names nothing.
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) {
    return null
  }
  const { api_base: apiBase, model_id: modelId } = parsed as Record<string, unknown>
  const host = typeof apiBase === 'string' ? hostOf(apiBase) : null
  if (host !== null) {
    return host
  }
  return typeof modelId === 'string' && modelId !== '' ? modelId : null
}

/** `host` or `host:port` of an absolute URL, by the rule in the module comment. */
function hostOf(url: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i.exec(url)
  const host = m?.[1]
  if (host === undefined || host === '') {
    return null
  }
  return deploymentName(host, m?.[2] === undefined ? null : Number(m[2]))
}

function deploymentName(address: string, port: number | null): string {
  const a = address.toLowerCase()
  if (port === null) {
    return a
  }
  if (a.includes(':') && !a.startsWith('[')) {
    return `[${a}]:${port}`
  }
  return /^\[.*\]$|^[\d.]+$/.test(a) || a === 'localhost' ? `${a}:${port}` : a
}
