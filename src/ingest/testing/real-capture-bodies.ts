import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

/**
 * The OTLP protobuf bodies of the real captures under `fixtures`: vLLM's own export
 * (`real-vllm/*.body`) and the gateway → Caddy → two vLLM stack's (`real-stack-traces/traces`,
 * gzipped), each folder in name order.
 */
export function realCaptureBodies(fixtures: string): Uint8Array[] {
  const vllm = join(fixtures, 'real-vllm')
  const stack = join(fixtures, 'real-stack-traces/traces')
  return [
    ...readdirSync(vllm)
      .filter((f) => f.endsWith('.body'))
      .sort()
      .map((f) => readFileSync(join(vllm, f))),
    ...readdirSync(stack)
      .sort()
      .map((f) => gunzipSync(readFileSync(join(stack, f)))),
  ]
}
