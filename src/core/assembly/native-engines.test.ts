import { describe, expect, it } from 'vitest'
import { makeSpan } from '../model/testing/builders.js'
import { SPAN_KIND } from '../model/span.js'
import { nativeEngineOf, parseRustDurationUs } from './native-engines.js'

describe('parseRustDurationUs', () => {
  it.each([
    ['187.011642ms', 187_012],
    ['2.418127331s', 2_418_127],
    ['180µs', 180],
    ['180μs', 180],
    ['12.5us', 13],
    ['950ns', 1],
    ['0ns', 0],
    ['3s', 3_000_000],
  ])('%s → %d µs', (text, us) => {
    expect(parseRustDurationUs(text)).toBe(us)
  })

  it.each([['187'], ['ms'], ['-1ms'], ['1.2.3s'], ['1 min'], [''], ['None']])(
    'rejects %j',
    (text) => {
      expect(parseRustDurationUs(text)).toBeNull()
    }
  )

  it('rejects non-strings', () => {
    expect(parseRustDurationUs(187)).toBeNull()
    expect(parseRustDurationUs(undefined)).toBeNull()
  })
})

describe('nativeEngineOf', () => {
  it('SGLang request span: " Req " + 8 hex digits and a rid, with or without a PD role', () => {
    const attributes = { rid: '3f2a9c1e0b6d4e21a8a55d0c7b1e9f44' }
    expect(nativeEngineOf(makeSpan({ name: ' Req 3f2a9c1e', attributes }))).toBe('sglang')
    expect(nativeEngineOf(makeSpan({ name: 'prefill Req 3f2a9c1e', attributes }))).toBe('sglang')
    expect(nativeEngineOf(makeSpan({ name: ' Req 3f2a9c1e' }))).toBeNull()
    expect(nativeEngineOf(makeSpan({ name: 'Bootstrap Room 0x0', attributes }))).toBeNull()
  })

  it('TGI handler span: by its timing fields, or by sitting right below a SERVER span', () => {
    const server = makeSpan({ name: 'POST /generate_stream', kind: SPAN_KIND.SERVER })
    const inner = makeSpan({ name: 'async_stream' })
    const timed = makeSpan({ name: 'generate_stream', attributes: { total_time: '1.5s' } })
    const bare = makeSpan({
      name: 'generate_stream',
      attributes: { 'code.namespace': 'text_generation_router::server' },
    })
    expect(nativeEngineOf(timed)).toBe('tgi')
    expect(nativeEngineOf(bare, server)).toBe('tgi')
    // A gateway's own handler span of the same name, below its SERVER span, is not TGI's.
    const gatewayHandler = makeSpan({
      name: 'chat_completions',
      resource: { 'service.name': 'my-gateway' },
      attributes: { 'code.namespace': 'gateway.handlers' },
    })
    expect(nativeEngineOf(gatewayHandler, server)).toBeNull()
    // Infer::generate_stream, the same-named inner span, is no request.
    expect(nativeEngineOf(bare, inner)).toBeNull()
    expect(nativeEngineOf(bare)).toBeNull()
    expect(nativeEngineOf(makeSpan({ name: 'batch', attributes: { batch_size: 6 } }))).toBeNull()
  })
})
