import { describe, expect, it } from 'vitest'
import { makeSpan } from '../../test/helpers/builders.js'
import { isContentAttribute, stripContent } from './content-filter.js'

describe('isContentAttribute', () => {
  it.each([
    ['gen_ai.input.messages', true],
    ['gen_ai.output.messages', true],
    ['gen_ai.system_instructions', true],
    ['gen_ai.prompt', true],
    ['gen_ai.completion', true],
    ['gen_ai.tool.definitions', true],
    ['gen_ai.prompt.0.content', true],
    ['gen_ai.completion.3.role', true],
    ['gen_ai.request.model', false],
    ['gen_ai.usage.prompt_tokens', false],
    ['gen_ai.latency.time_to_first_token', false],
    ['gen_ai.prompts', false],
  ])('%s → %s', (key, expected) => {
    expect(isContentAttribute(key)).toBe(expected)
  })
})

describe('stripContent', () => {
  it('returns spans without content unchanged (same object)', () => {
    const span = makeSpan({ attributes: { 'gen_ai.request.model': 'm' } })
    expect(stripContent([span])[0]).toBe(span)
  })

  it('copies only the spans it changes and leaves the input intact', () => {
    const span = makeSpan({ attributes: { 'gen_ai.prompt': 'hi', 'http.route': '/x' } })
    const before = structuredClone(span)
    const [out] = stripContent([span])
    expect(out?.attributes).toEqual({ 'http.route': '/x' })
    expect(span).toEqual(before)
  })
})
