/** Measures besides stages: status and error type, gateway TTFT. */
import { makeVllmTrace } from '../../model/testing/builders.js'
import { STATUS_CODE } from '../../model/span.js'
import { asMicros } from '../../model/units.js'
import { patch, withAttrs, type AssemblyCase } from './case.js'

export const measureCases: AssemblyCase[] = [
  {
    name: 'probe timed out: error.type wins, status from the client span',
    picture: `
      probe  |--------------------X   error.type = timeout, status 504
    `,
    spans: makeVllmTrace({ status: 504, errorType: 'timeout' }),
    expected: { status: 504, errorType: 'timeout' },
  },
  {
    name: 'HTTP error without error.type becomes http_<status>',
    picture: `
      gateway |----X  status 429
    `,
    spans: withAttrs(makeVllmTrace({ client: false, engine: false, status: 429 }), 'a1', {}),
    expected: { status: 429, errorType: 'http_429' },
  },
  {
    name: 'engine span status ERROR and no HTTP status anywhere',
    picture: `
      engine  |------X   status ERROR
    `,
    spans: patch(makeVllmTrace({ client: false, gateway: false }), 'e1', () => ({
      statusCode: STATUS_CODE.ERROR,
    })),
    expected: { status: null, errorType: 'engine_error' },
  },
  {
    name: 'gateway TTFT from gen_ai.server.time_to_first_token',
    picture: `
      gateway |--ttft 80 ms--|-----------|
    `,
    spans: withAttrs(makeVllmTrace({ client: false }), 'a1', {
      'gen_ai.server.time_to_first_token': 0.08,
    }),
    expected: { ttftUs: asMicros(80_000), ttftSource: 'gateway' },
  },
  {
    name: 'gateway TTFT from a first-token event',
    picture: `
      gateway |------•------------|   event "gen_ai.first_token" 90 ms after start
    `,
    spans: patch(makeVllmTrace({ client: false }), 'a1', (s) => ({
      events: [
        { name: 'gen_ai.first_token', timeUs: asMicros(s.startUs + 90_000), attributes: {} },
      ],
    })),
    expected: { ttftUs: asMicros(90_000), ttftSource: 'gateway' },
  },
]
