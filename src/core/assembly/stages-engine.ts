/**
 * Engine-tier stages from the engine span's own attributes (float seconds), and
 * `engine.unattributed`: the engine side's duration (its API-server span, else the engine span)
 * outside `engine.frontend` + `engine.queue` + `engine.prefill` + `engine.decode`.
 *
 * ```
 * API server  |·········· POST /v1/chat/completions ···········|
 * engine        |fe|queue|prefill|decode·····················|
 *             ^^                                              ^^  engine.unattributed
 * ```
 */
import type { StageName } from '../model/request.js'
import type { Span } from '../model/span.js'
import type { Micros } from '../model/units.js'
import { readSecondsAsMicros } from './attributes.js'
import { nonNegative, sumPresent, type AssemblyNote } from './notes.js'
import type { NativeEngineTimes } from './stages-native.js'
import {
  ATTR_GEN_AI_LATENCY_E2E,
  ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_DECODE,
  ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_INFERENCE,
  ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_PREFILL,
  ATTR_GEN_AI_LATENCY_TIME_IN_QUEUE,
  ATTR_GEN_AI_LATENCY_TIME_TO_FIRST_TOKEN,
} from '../otlp/semconv.js'

type Stages = Record<StageName, Micros | null>

export interface EngineMeasures {
  /** `gen_ai.latency.time_to_first_token`, µs. */
  engineTtftUs: Micros | null
  /** `gen_ai.latency.e2e`, µs. */
  engineE2eUs: Micros | null
}

/**
 * Fills the engine stages; `serverSideUs` is the engine side's duration or `null`; `native` the
 * stages read from SGLang's or TGI's own spans (`stages-native.ts`), which replace the
 * `gen_ai.latency.*` attributes those engines do not set.
 */
export function fillEngineStages(
  stages: Stages,
  notes: AssemblyNote[],
  engine: Span | null,
  serverSideUs: number | null,
  native: NativeEngineTimes | null = null
): EngineMeasures {
  let engineTtftUs: Micros | null = null
  let engineE2eUs: Micros | null = null
  if (native !== null) {
    stages['engine.frontend'] = native.frontendUs
    stages['engine.queue'] = native.queueUs
    stages['engine.prefill'] = native.prefillUs
    stages['engine.decode'] = native.decodeUs
    engineTtftUs = native.ttftUs
  } else if (engine !== null) {
    const ea = engine.attributes
    const queue = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_IN_QUEUE)
    let prefill = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_PREFILL)
    let decode = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_DECODE)
    const inference = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_INFERENCE)
    if (inference !== null) {
      // inference = prefill + decode, so either one follows from the other.
      if (prefill === null && decode !== null) {
        prefill = nonNegative(notes, 'engine.prefill', inference - decode)
      } else if (decode === null && prefill !== null) {
        decode = nonNegative(notes, 'engine.decode', inference - prefill)
      }
    }
    engineTtftUs = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_TO_FIRST_TOKEN)
    engineE2eUs = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_E2E)
    stages['engine.queue'] = queue
    stages['engine.prefill'] = prefill
    stages['engine.decode'] = decode
    if (engineTtftUs !== null && queue !== null && prefill !== null) {
      stages['engine.frontend'] = nonNegative(
        notes,
        'engine.frontend',
        engineTtftUs - queue - prefill
      )
    }
  }
  if (serverSideUs !== null) {
    stages['engine.unattributed'] = nonNegative(
      notes,
      'engine.unattributed',
      serverSideUs -
        sumPresent([
          stages['engine.frontend'],
          stages['engine.queue'],
          stages['engine.prefill'],
          stages['engine.decode'],
        ])
    )
  }
  return { engineTtftUs, engineE2eUs }
}
