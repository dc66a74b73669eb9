/**
 * One stand-in engine for bench/whatif-mock-engine.bench.ts, in a process of its own as a real
 * engine is: the bench's client, OTLP receiver and store then do not share its event loop, and
 * their work does not land in its step times. Prints `READY <url>`, stops on SIGTERM.
 *
 *   node --import tsx bench/whatif-mock-engine-child.ts '{"otlp":"…","name":"mock-a","engine":{…}}'
 */
import { createSilentLogger } from '../src/core/logger.js'
import type { EngineModel } from '../src/mock-server/engine.js'
import { startMockServer } from '../src/mock-server/server.js'

const config = JSON.parse(process.argv[2] ?? '{}') as {
  otlp: string
  name: string
  engine: EngineModel
}
const server = await startMockServer({
  port: 0,
  host: '127.0.0.1',
  tls: false,
  http2: false,
  model: 'mock-8b',
  otlpEndpoint: config.otlp,
  instanceId: config.name,
  misbehave: { fraction: 1 },
  defaultOutputTokens: 64,
  engineModel: config.engine,
  seed: 1,
  logger: createSilentLogger(),
})
process.stdout.write(`READY ${server.url}\n`)
process.on('SIGTERM', () => {
  // Closing flushes the spans still queued for export; a receiver already gone must not keep
  // the process alive.
  setTimeout(() => process.exit(0), 5000).unref()
  void server.close().then(() => process.exit(0))
})
// The bench went away without stopping us (killed, timed out): stop with it.
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
