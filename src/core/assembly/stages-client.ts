/**
 * Client-tier stages: the probe's phases, `network` (client minus gateway) and
 * `client.unattributed` (client minus the first server it reached, when that is not a gateway).
 *
 * ```
 * client   |dns|con|tls|snd|~~~~~~~~~~~~~~~~~~~~ client span ~~~~~~~~~~~~~~~~~~~~|
 * gateway                       |======= entry ========|        → network = the rest
 * engine                        |==== frontend/engine =====|    → client.unattributed = the rest
 * ```
 */
import type { StageName } from '../model/request.js'
import type { Span } from '../model/span.js'
import type { Micros } from '../model/units.js'
import { readSecondsAsMicros } from './attributes.js'
import { durationOf, nonNegative, sumPresent, type AssemblyNote } from './notes.js'
import {
  ATTR_TOKENLINE_CLIENT_CONNECT,
  ATTR_TOKENLINE_CLIENT_DNS,
  ATTR_TOKENLINE_CLIENT_SEND,
  ATTR_TOKENLINE_CLIENT_TLS,
} from '../otlp/semconv.js'

type Stages = Record<StageName, Micros | null>

/**
 * Fills the client stages. `serverSideUs` is the duration of the first server the client
 * reached when it is not a gateway (the engine's API server or engine span), else `null`.
 */
export function fillClientStages(
  stages: Stages,
  notes: AssemblyNote[],
  client: Span | null,
  gateway: Span | null,
  serverSideUs: number | null
): void {
  if (client === null) {
    return
  }
  const ca = client.attributes
  stages['client.dns'] = readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_DNS)
  stages['client.connect'] = readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_CONNECT)
  stages['client.tls'] = readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_TLS)
  stages['client.send'] = readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_SEND)
  const phasesUs = sumPresent([
    stages['client.dns'],
    stages['client.connect'],
    stages['client.tls'],
    stages['client.send'],
  ])
  // Durations only: each comes from one host's clock, so no skew can leak in.
  const clientUs = durationOf(client)
  if (gateway !== null) {
    stages.network = nonNegative(notes, 'network', clientUs - phasesUs - durationOf(gateway))
  } else {
    stages['client.unattributed'] = nonNegative(
      notes,
      'client.unattributed',
      clientUs - phasesUs - (serverSideUs ?? 0)
    )
  }
}
