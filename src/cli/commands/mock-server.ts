import type { Command } from 'commander'
import { AppError } from '../../core/errors.js'
import { DEFAULT_ENGINE_MODEL } from '../../mock-server/engine.js'
import { parseMisbehaviour } from '../../mock-server/misbehave.js'
import { startMockServer } from '../../mock-server/server.js'
import { createConsoleLogger } from '../../server/logger.js'
import { whenStopRequested } from '../shutdown.js'
import { readClientToken, TOKEN_ENV } from '../client-token.js'

interface MockServerFlags {
  tokenFile?: string
  port: string
  host: string
  tls?: boolean
  http2?: boolean
  otlp?: string
  model: string
  instance?: string
  version?: string
  misbehave: string[]
  outputTokens: string
  maxBatch: string
  prefillMsPerToken: string
  decodeStepMs: string
  fixedTtftMs?: string
  fixedItlMs?: string
  stampTokens?: boolean
  seed: string
}

const EXAMPLES = `
Examples:
  $ tokenline mock-server --port 8000
  $ tokenline mock-server --port 0 --tls --http2 --otlp http://127.0.0.1:4318
  $ tokenline mock-server --misbehave buffer-stream=300          # a proxy that buffers SSE
  $ tokenline mock-server --misbehave http-500,fraction=0.1       # 10% of requests fail
  $ tokenline mock-server --fixed-ttft-ms 50 --fixed-itl-ms 20    # deterministic timing

Prints one line "listening <url>" on stdout when ready; stops cleanly on SIGINT (Ctrl-C), SIGTERM or SIGHUP.
Misbehaviours: buffer-stream[=MS], delay-accept=MS, conn-limit=N, cut-stream[=N], non-sse,
http-500, never-answer, fraction=F (share of requests the per-request faults hit).`

function num(name: string, text: string, min = 0): number {
  const n = Number(text)
  if (!Number.isFinite(n) || n < min) {
    throw new AppError('INPUT_INVALID', `${name} expects a number ≥ ${min} (actual: ${text})`)
  }
  return n
}

/** Registers `tokenline mock-server`. */
export function registerMockServerCommand(program: Command): void {
  program
    .command('mock-server')
    .description(
      'an OpenAI-compatible streaming server with a real-time engine model, for probing and tests'
    )
    .option('--port <n>', 'port (0 picks a free one)', '8000')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--tls',
      'serve HTTPS with a self-signed certificate generated at start (needs openssl)'
    )
    .option(
      '--http2',
      'serve HTTP/2 (h2 with --tls, else h2c); HTTP/1.1 is still accepted over TLS'
    )
    .option(
      '--otlp <url>',
      'export vLLM-shaped llm_request spans to this OTLP/HTTP endpoint (JSON)'
    )
    .option(
      '--token-file <file>',
      `file holding the bearer token (ingest scope) for --otlp, when the receiver requires one; else $${TOKEN_ENV}`
    )
    .option('--model <name>', 'model name served', 'mock-llm')
    .option('--instance <id>', 'service.instance.id of the exported spans')
    .option('--version <v>', 'service.version of the exported spans')
    .option(
      '--misbehave <mode>',
      'inject a fault (repeatable, or comma-separated)',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[]
    )
    .option('--output-tokens <n>', 'tokens generated when a request sets no max_tokens', '64')
    .option(
      '--max-batch <n>',
      'engine model: max sequences per step',
      String(DEFAULT_ENGINE_MODEL.maxBatch)
    )
    .option(
      '--prefill-ms-per-token <ms>',
      'engine model: prefill cost per prompt token',
      String(DEFAULT_ENGINE_MODEL.prefillMsPerToken)
    )
    .option(
      '--decode-step-ms <ms>',
      'engine model: base cost of a decode step',
      String(DEFAULT_ENGINE_MODEL.decodeStepBaseMs)
    )
    .option('--fixed-ttft-ms <ms>', 'deterministic mode: every request gets this TTFT')
    .option('--fixed-itl-ms <ms>', 'deterministic mode: and this gap between tokens')
    .option(
      '--stamp-tokens',
      "put each token's server write time (epoch ms) in its text (accuracy tests)"
    )
    .option('--seed <n>', 'seed for fault fractions', '1')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: MockServerFlags) => {
      // Before listening, so "listening" is never printed by a process a signal could still kill.
      const stopRequested = whenStopRequested()
      const logger = createConsoleLogger('warn')
      const fixed =
        flags.fixedTtftMs !== undefined || flags.fixedItlMs !== undefined
          ? {
              ttftMs: num('--fixed-ttft-ms', flags.fixedTtftMs ?? '0'),
              itlMs: num('--fixed-itl-ms', flags.fixedItlMs ?? '0'),
            }
          : undefined
      const server = await startMockServer({
        port: num('--port', flags.port),
        host: flags.host,
        tls: flags.tls === true,
        http2: flags.http2 === true,
        model: flags.model,
        ...(flags.otlp !== undefined
          ? { otlpEndpoint: flags.otlp, otlpToken: await readClientToken(flags.tokenFile) }
          : {}),
        ...(flags.instance !== undefined ? { instanceId: flags.instance } : {}),
        ...(flags.version !== undefined ? { serviceVersion: flags.version } : {}),
        misbehave: parseMisbehaviour(flags.misbehave),
        defaultOutputTokens: num('--output-tokens', flags.outputTokens, 1),
        engineModel: {
          ...DEFAULT_ENGINE_MODEL,
          maxBatch: num('--max-batch', flags.maxBatch, 1),
          prefillMsPerToken: num('--prefill-ms-per-token', flags.prefillMsPerToken),
          decodeStepBaseMs: num('--decode-step-ms', flags.decodeStepMs),
        },
        ...(fixed !== undefined ? { fixed } : {}),
        stampTokens: flags.stampTokens === true,
        seed: num('--seed', flags.seed),
        logger,
      })
      process.stdout.write(`listening ${server.url}\n`)
      await stopRequested
      await server.close()
    })
}
