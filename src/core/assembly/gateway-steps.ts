/**
 * Gateway step names (CONTRACT §1, "gateway steps"): an INTERNAL span under the gateway entry is
 * a step when its name contains, case-insensitively, one of these words. The first matching rule
 * wins, in contract order, so `auth_rate_limit` is `gateway.auth`.
 */
import type { StageName } from '../model/request.js'

export type GatewayStepStage = Extract<
  StageName,
  'gateway.auth' | 'gateway.ratelimit' | 'gateway.route' | 'gateway.queue' | 'gateway.guardrail'
>

const STEP_RULES: readonly { stage: GatewayStepStage; pattern: RegExp }[] = [
  { stage: 'gateway.auth', pattern: /auth/i },
  // "ratelimit", "rate_limit", "rate-limit", "Rate Limit", "rate.limit"…
  { stage: 'gateway.ratelimit', pattern: /rate[\s_.\-/:]*limit/i },
  { stage: 'gateway.route', pattern: /route|select/i },
  { stage: 'gateway.queue', pattern: /queue|admission/i },
  { stage: 'gateway.guardrail', pattern: /guardrail|moderation/i },
]

/** The gateway stage a step span's name stands for, or `null` when it is no known step. */
export function matchGatewayStep(spanName: string): GatewayStepStage | null {
  for (const rule of STEP_RULES) {
    if (rule.pattern.test(spanName)) {
      return rule.stage
    }
  }
  return null
}
