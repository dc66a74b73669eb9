/**
 * The model an engine serves, learnt from its own metrics: vLLM's and SGLang's families carry a
 * `model_name` label, while vLLM's `llm_request` span has no `gen_ai.response.model`. A request
 * whose spans name no model takes the `model_name` of the engine that served it:
 *
 * - the scraped target whose `instance` label (host:port) is the address the engine's API
 *   server span reports (`server.address` + `server.port`), i.e. the same process;
 * - else, when every engine metric seen carries one and the same `model_name`, that one (a
 *   single-model deployment, or an imported `/metrics` file without `instance`).
 *
 * When engines with different models are seen and the request's engine cannot be told apart,
 * the model stays `null`: never a guess.
 */
import { isVllmProcess } from '../../core/assembly/roles-engine.js'
import { isEngineSpan, processKey } from '../../core/assembly/trace-index.js'
import type { MetricSample } from '../../core/model/metric.js'
import { SPAN_KIND, type Span } from '../../core/model/span.js'

const ENGINE_PREFIXES = ['vllm:', 'sglang:']
const MODEL_LABEL = 'model_name'

export interface EngineModels {
  /** Records the `model_name` of engine metric samples. */
  observe(samples: readonly MetricSample[]): void
  /** The model of the engine that served a request with these spans, or `null`. */
  modelFor(spans: readonly Span[]): string | null
}

export function createEngineModels(): EngineModels {
  /** instance label ('' when absent) → model names seen on it. */
  const byInstance = new Map<string, Set<string>>()
  const all = new Set<string>()
  return {
    observe(samples) {
      for (const s of samples) {
        const model = s.labels[MODEL_LABEL]
        if (model === undefined || model === '' || !isEngineFamily(s.name)) {
          continue
        }
        const instance = s.labels['instance'] ?? ''
        let set = byInstance.get(instance)
        if (set === undefined) {
          set = new Set()
          byInstance.set(instance, set)
        }
        set.add(model)
        all.add(model)
      }
    },
    modelFor(spans) {
      const endpoint = engineEndpointOf(spans)
      const own = endpoint === null ? undefined : byInstance.get(endpoint)
      if (own !== undefined && own.size === 1) {
        return [...own][0] as string
      }
      return all.size === 1 ? ([...all][0] as string) : null
    },
  }
}

function isEngineFamily(name: string): boolean {
  return ENGINE_PREFIXES.some((p) => name.startsWith(p))
}

/** `host:port` the engine's API server listens on, from its SERVER span in the same process. */
function engineEndpointOf(spans: readonly Span[]): string | null {
  const engineProcesses = new Set<string>()
  for (const s of spans) {
    const key = isEngineSpan(s) ? processKey(s) : null
    if (key !== null) {
      engineProcesses.add(key)
    }
  }
  for (const s of spans) {
    if (s.kind !== SPAN_KIND.SERVER || isEngineSpan(s)) {
      continue
    }
    const key = processKey(s)
    if (!isVllmProcess(s) && (key === null || !engineProcesses.has(key))) {
      continue
    }
    const host = s.attributes['server.address']
    const port = s.attributes['server.port']
    if (typeof host === 'string' && (typeof port === 'number' || typeof port === 'string')) {
      return `${host}:${port}`
    }
  }
  return null
}
