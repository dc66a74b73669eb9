/**
 * Attribute, span and scope names Tokenline reads (CONTRACT §1). Names follow the
 * OpenTelemetry semantic conventions (stable HTTP/network/TLS, incubating GenAI), vLLM's and
 * SGLang's span attributes, LiteLLM's metadata and Tokenline's own probe attributes. Incubating
 * names are copied here rather than imported from `@opentelemetry/semantic-conventions/incubating`,
 * so `core` keeps no runtime dependency and a renamed upstream constant cannot change behaviour.
 */

// ── Span names and scopes ────────────────────────────────────────────────────────────────────
/** vLLM's per-request engine span (kind SERVER). */
export const SPAN_NAME_LLM_REQUEST = 'llm_request'
/** Instrumentation scope of the Tokenline probe's client spans. */
export const SCOPE_TOKENLINE_PROBE = 'tokenline.probe'

// ── GenAI (incubating semconv + vLLM/SGLang) ─────────────────────────────────────────────────
export const ATTR_GEN_AI_OPERATION_NAME = 'gen_ai.operation.name'
export const ATTR_GEN_AI_SYSTEM = 'gen_ai.system'
/** The GenAI provider (`openai`, `vllm`…); newer name of `gen_ai.system`. */
export const ATTR_GEN_AI_PROVIDER_NAME = 'gen_ai.provider.name'
export const ATTR_GEN_AI_REQUEST_MODEL = 'gen_ai.request.model'
export const ATTR_GEN_AI_RESPONSE_MODEL = 'gen_ai.response.model'
export const ATTR_GEN_AI_REQUEST_ID = 'gen_ai.request.id'
export const ATTR_GEN_AI_RESPONSE_ID = 'gen_ai.response.id'
export const ATTR_GEN_AI_REQUEST_MAX_TOKENS = 'gen_ai.request.max_tokens'
/** vLLM name for input tokens. */
export const ATTR_GEN_AI_USAGE_PROMPT_TOKENS = 'gen_ai.usage.prompt_tokens'
/** GenAI semconv / SGLang name for input tokens. */
export const ATTR_GEN_AI_USAGE_INPUT_TOKENS = 'gen_ai.usage.input_tokens'
/** vLLM name for output tokens. */
export const ATTR_GEN_AI_USAGE_COMPLETION_TOKENS = 'gen_ai.usage.completion_tokens'
/** GenAI semconv / SGLang name for output tokens. */
export const ATTR_GEN_AI_USAGE_OUTPUT_TOKENS = 'gen_ai.usage.output_tokens'
/** SGLang: prompt tokens served from the prefix cache. */
export const ATTR_GEN_AI_USAGE_CACHED_TOKENS = 'gen_ai.usage.cached_tokens'
/** GenAI semconv name for cached input tokens. */
export const ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS = 'gen_ai.usage.cache_read.input_tokens'
/** Client TTFT of a GenAI client span (float seconds). */
export const ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK = 'gen_ai.response.time_to_first_chunk'
/** Gateway-observed TTFT some GenAI gateways put on their server span (float seconds). */
export const ATTR_GEN_AI_SERVER_TIME_TO_FIRST_TOKEN = 'gen_ai.server.time_to_first_token'

/** Prefix shared by every engine latency attribute; any attribute with it marks an engine span. */
export const ATTR_PREFIX_GEN_AI_LATENCY = 'gen_ai.latency.'
/** Engine latencies, all float seconds (vLLM, SGLang). */
export const ATTR_GEN_AI_LATENCY_TIME_IN_QUEUE = 'gen_ai.latency.time_in_queue'
export const ATTR_GEN_AI_LATENCY_TIME_TO_FIRST_TOKEN = 'gen_ai.latency.time_to_first_token'
export const ATTR_GEN_AI_LATENCY_E2E = 'gen_ai.latency.e2e'
export const ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_PREFILL = 'gen_ai.latency.time_in_model_prefill'
export const ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_DECODE = 'gen_ai.latency.time_in_model_decode'
export const ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_INFERENCE = 'gen_ai.latency.time_in_model_inference'
export const ATTR_GEN_AI_LATENCY_TIME_IN_SCHEDULER = 'gen_ai.latency.time_in_scheduler'
export const ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_FORWARD = 'gen_ai.latency.time_in_model_forward'
export const ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_EXECUTE = 'gen_ai.latency.time_in_model_execute'

// ── Content attributes (dropped at ingest unless content is kept) ────────────────────────────
export const ATTR_GEN_AI_INPUT_MESSAGES = 'gen_ai.input.messages'
export const ATTR_GEN_AI_OUTPUT_MESSAGES = 'gen_ai.output.messages'
export const ATTR_GEN_AI_SYSTEM_INSTRUCTIONS = 'gen_ai.system_instructions'
export const ATTR_GEN_AI_PROMPT = 'gen_ai.prompt'
export const ATTR_GEN_AI_COMPLETION = 'gen_ai.completion'
export const ATTR_GEN_AI_TOOL_DEFINITIONS = 'gen_ai.tool.definitions'

/** GenAI tool call arguments and results (semconv 1.37+ content). */
export const ATTR_GEN_AI_TOOL_CALL_ARGUMENTS = 'gen_ai.tool.call.arguments'
export const ATTR_GEN_AI_TOOL_CALL_RESULT = 'gen_ai.tool.call.result'
/** OpenInference (Arize Phoenix) input and output payloads. */
export const ATTR_OPENINFERENCE_INPUT_VALUE = 'input.value'
export const ATTR_OPENINFERENCE_OUTPUT_VALUE = 'output.value'
/** OpenLLMetry (Traceloop) prompts, completions and workflow inputs/outputs. */
export const ATTR_LLM_PROMPTS = 'llm.prompts'
export const ATTR_LLM_COMPLETIONS = 'llm.completions'
export const ATTR_TRACELOOP_ENTITY_INPUT = 'traceloop.entity.input'
export const ATTR_TRACELOOP_ENTITY_OUTPUT = 'traceloop.entity.output'

/** Attribute keys that carry prompt or completion text (GenAI semconv, OpenInference, OpenLLMetry). */
export const CONTENT_ATTRIBUTE_KEYS: readonly string[] = [
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  ATTR_GEN_AI_PROMPT,
  ATTR_GEN_AI_COMPLETION,
  ATTR_GEN_AI_TOOL_DEFINITIONS,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_OPENINFERENCE_INPUT_VALUE,
  ATTR_OPENINFERENCE_OUTPUT_VALUE,
  ATTR_LLM_PROMPTS,
  ATTR_LLM_COMPLETIONS,
  ATTR_TRACELOOP_ENTITY_INPUT,
  ATTR_TRACELOOP_ENTITY_OUTPUT,
]
/**
 * Prefixes of indexed or flattened content forms: legacy GenAI (`gen_ai.prompt.0.content`),
 * OpenInference (`llm.input_messages.0.message.content`, `llm.prompt_template.variables`,
 * `retrieval.documents.0.document.content`, `embedding.embeddings.0.embedding.text`) and
 * OpenLLMetry (`llm.prompts.0.content`, `llm.completions.0.content`).
 */
export const CONTENT_ATTRIBUTE_PREFIXES: readonly string[] = [
  'gen_ai.prompt.',
  'gen_ai.completion.',
  'llm.input_messages.',
  'llm.output_messages.',
  'llm.prompt_template.',
  'llm.prompts.',
  'llm.completions.',
  'retrieval.documents.',
  'embedding.embeddings.',
]
/**
 * Span event names of the GenAI conventions whose attributes (the event body) are the messages
 * themselves; only {@link CONTENT_EVENT_KEPT_KEYS} of them are kept.
 */
export const CONTENT_EVENT_NAMES: readonly string[] = [
  'gen_ai.system.message',
  'gen_ai.user.message',
  'gen_ai.assistant.message',
  'gen_ai.tool.message',
  'gen_ai.choice',
  'gen_ai.content.prompt',
  'gen_ai.content.completion',
  'gen_ai.client.inference.operation.details',
]
/** Attributes of a content event that are metadata, not content. */
export const CONTENT_EVENT_KEPT_KEYS: readonly string[] = [
  'gen_ai.system',
  'gen_ai.provider.name',
  'gen_ai.request.model',
  'gen_ai.response.model',
  'gen_ai.response.finish_reasons',
  'index',
  'finish_reason',
  'role',
]

// ── HTTP / network / TLS (stable semconv) ────────────────────────────────────────────────────
export const ATTR_HTTP_REQUEST_METHOD = 'http.request.method'
export const ATTR_HTTP_ROUTE = 'http.route'
export const ATTR_URL_PATH = 'url.path'
export const ATTR_URL_FULL = 'url.full'
export const ATTR_HTTP_RESPONSE_STATUS_CODE = 'http.response.status_code'
/** Pre-1.21 name of the status code, still sent by TGI's `axum-tracing-opentelemetry` layer. */
export const ATTR_HTTP_STATUS_CODE_OLD = 'http.status_code'
export const ATTR_HTTP_REQUEST_RESEND_COUNT = 'http.request.resend_count'
export const ATTR_NETWORK_PROTOCOL_VERSION = 'network.protocol.version'
export const ATTR_SERVER_ADDRESS = 'server.address'
export const ATTR_SERVER_PORT = 'server.port'
/**
 * Pre-1.21 HTTP names, still the default of OTel Python's HTTP instrumentations (until
 * `OTEL_SEMCONV_STABILITY_OPT_IN=http`) and of older Go and Java agents.
 */
export const ATTR_HTTP_TARGET_OLD = 'http.target'
export const ATTR_HTTP_URL_OLD = 'http.url'
export const ATTR_NET_PEER_NAME_OLD = 'net.peer.name'
export const ATTR_NET_PEER_PORT_OLD = 'net.peer.port'
export const ATTR_ERROR_TYPE = 'error.type'
export const ATTR_DB_SYSTEM_NAME = 'db.system.name'
/** Older database semconv name still emitted by many instrumentations. */
export const ATTR_DB_SYSTEM = 'db.system'
export const ATTR_TLS_RESUMED = 'tls.resumed'
export const ATTR_TLS_PROTOCOL_VERSION = 'tls.protocol.version'

// ── Identity of the caller ───────────────────────────────────────────────────────────────────
export const ATTR_TENANT_ID = 'tenant.id'
/** LiteLLM's team of the API key that made the call. */
export const ATTR_LITELLM_USER_API_KEY_TEAM_ID = 'metadata.user_api_key_team_id'
/**
 * LiteLLM's `StandardLoggingHiddenParams` as one JSON string on its request span: `api_base`
 * (the deployment's URL) and `model_id` (the router's id of the deployment).
 */
export const ATTR_LITELLM_HIDDEN_PARAMS = 'hidden_params'
export const ATTR_USER_ID = 'user.id'
export const ATTR_ENDUSER_ID = 'enduser.id'

// ── Resource attributes ──────────────────────────────────────────────────────────────────────
export const ATTR_SERVICE_NAME = 'service.name'
export const ATTR_SERVICE_VERSION = 'service.version'
export const ATTR_SERVICE_INSTANCE_ID = 'service.instance.id'
export const ATTR_HOST_NAME = 'host.name'
export const ATTR_K8S_POD_NAME = 'k8s.pod.name'
export const ATTR_K8S_NODE_NAME = 'k8s.node.name'
export const ATTR_CLOUD_REGION = 'cloud.region'
/** vLLM resource attribute: the engine process id, unique per replica together with `host.name`. */
export const ATTR_VLLM_PROCESS_ID = 'vllm.process_id'
/** Resource attribute some model servers set with the served model. */
export const ATTR_MODEL_ID = 'model_id'

// ── Tokenline probe (CONTRACT §1.2; all durations float seconds) ─────────────────────────────
export const ATTR_TOKENLINE_CONNECTION_REUSED = 'tokenline.connection.reused'
export const ATTR_TOKENLINE_CLIENT_DNS = 'tokenline.client.dns'
export const ATTR_TOKENLINE_CLIENT_CONNECT = 'tokenline.client.connect'
export const ATTR_TOKENLINE_CLIENT_TLS = 'tokenline.client.tls'
export const ATTR_TOKENLINE_CLIENT_TTFB = 'tokenline.client.ttfb'
export const ATTR_TOKENLINE_CLIENT_TPOT = 'tokenline.client.tpot'
export const ATTR_TOKENLINE_CLIENT_ITL_P50 = 'tokenline.client.itl.p50'
export const ATTR_TOKENLINE_CLIENT_ITL_P99 = 'tokenline.client.itl.p99'
export const ATTR_TOKENLINE_CLIENT_ITL_MAX = 'tokenline.client.itl.max'
export const ATTR_TOKENLINE_CLIENT_CHUNKS = 'tokenline.client.chunks'
export const ATTR_TOKENLINE_CLIENT_STALLS = 'tokenline.client.stalls'
export const ATTR_TOKENLINE_CLIENT_REGION = 'tokenline.client.region'
/** Optional probe attribute: request start → request body fully written (float seconds). */
export const ATTR_TOKENLINE_CLIENT_SEND = 'tokenline.client.send'
