/**
 * The mock server as the probe's integration tests start it: loopback, a free port, plain
 * HTTP/1.1, model "m", no misbehaviour, seed 1, no log output. A test names its timings and
 * anything else it needs beyond that.
 */
import { createSilentLogger } from '../../core/logger.js'
import { parseMisbehaviour } from '../misbehave.js'
import { startMockServer, type MockServerOptions, type RunningMockServer } from '../server.js'

export function startTestMockServer(
  options: Pick<MockServerOptions, 'defaultOutputTokens' | 'fixed'> & Partial<MockServerOptions>
): Promise<RunningMockServer> {
  return startMockServer({
    port: 0,
    host: '127.0.0.1',
    tls: false,
    http2: false,
    model: 'm',
    misbehave: parseMisbehaviour([]),
    seed: 1,
    logger: createSilentLogger(),
    ...options,
  })
}
