import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAppError } from '../core/errors.js'
import { buildReport, renderReportText } from './report.js'
import { loadTokenCounter, type TokenCounter } from './tokenizer.js'
import { createWorkload, fitPromptToTokens } from './workload.js'

/**
 * A tiny character-level BPE tokenizer.json: letters and digits are tokens, and four merges make
 * "th", "the", "in" and "ing" single tokens, so most words are several tokens and a few are one.
 */
function tinyBpe(): object {
  const symbols = [...'abcdefghijklmnopqrstuvwxyz0123456789.', 'th', 'the', 'in', 'ing']
  const vocab: Record<string, number> = { '[UNK]': 0 }
  symbols.forEach((s, i) => (vocab[s] = i + 1))
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [
      {
        id: 0,
        content: '[UNK]',
        single_word: false,
        lstrip: false,
        rstrip: false,
        normalized: false,
        special: true,
      },
    ],
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'Whitespace' },
    post_processor: null,
    decoder: null,
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: '[UNK]',
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges: ['t h', 'th e', 'i n', 'in g'],
    },
  }
}

let dir = ''
let counter: TokenCounter
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-tokenizer-'))
  await writeFile(join(dir, 'tokenizer.json'), JSON.stringify(tinyBpe()))
  counter = await loadTokenCounter(join(dir, 'tokenizer.json'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('loadTokenCounter', () => {
  it('counts model tokens with the BPE merges of a local tokenizer.json', () => {
    // the → 1 token (two merges); time → t i m e; thing → th ing
    expect(counter.count('the')).toBe(1)
    expect(counter.count('the time')).toBe(5)
    expect(counter.count('thing')).toBe(2)
    expect(counter.count('')).toBe(0)
  })

  it('takes the folder holding tokenizer.json too', async () => {
    const fromDir = await loadTokenCounter(dir)
    expect(fromDir.source).toBe(join(dir, 'tokenizer.json'))
    expect(fromDir.count('the time')).toBe(5)
  })

  it.each([
    ['missing file', 'nope.json', 'cannot read --tokenizer file'],
    ['not JSON', 'bad.json', 'is not JSON'],
    ['JSON that is no tokenizer', 'odd.json', 'is not a tokenizer.json'],
  ])('refuses a %s with INPUT_INVALID', async (_label, name, message) => {
    await writeFile(join(dir, 'bad.json'), '{ nope')
    await writeFile(join(dir, 'odd.json'), JSON.stringify({ model: { type: 'Nonsense' } }))
    const err = await loadTokenCounter(join(dir, name)).catch((e: unknown) => e)
    expect(isAppError(err) && err.code).toBe('INPUT_INVALID')
    expect((err as Error).message).toContain(message)
  })
})

describe('synthetic prompts in model tokens', () => {
  it('fits a prompt to an exact token count', () => {
    const pool = 'time person year way day thing man world life hand'.split(' ')
    // "r1t0" alone is 4 tokens here; a shorter target keeps it (the closest count possible).
    expect(fitPromptToTokens(2, 'r1t0', pool, counter.count)).toBe('r1t0')
    for (const target of [4, 5, 7, 19, 30, 61]) {
      const text = fitPromptToTokens(target, 'r1t0', pool, counter.count)
      expect(counter.count(text), `${target}: ${text}`).toBe(target)
    }
  })

  it('makes --input-tokens model tokens with a tokenizer, words without one', () => {
    const base = {
      model: 'm',
      api: 'chat' as const,
      inputLen: { kind: 'uniform' as const, min: 16, max: 512 },
      outputLen: { kind: 'fixed' as const, n: 8 },
      sharedPrefixTokens: 40,
      prefixGroups: 1,
      turns: 1,
      dataset: null,
      seed: 3,
    }
    const exact = createWorkload({ ...base, tokens: counter })
    const approx = createWorkload(base)
    let wordsOff = 0
    for (let i = 0; i < 30; i++) {
      const a = exact.nextConversation()
      const b = approx.nextConversation()
      const words = (b.userTurns[0] as string).split(' ').length
      // Same seed, same draw of lengths: the word count is the target in both modes.
      expect(counter.count(a.userTurns[0] as string)).toBe(words)
      wordsOff += Math.abs(counter.count(b.userTurns[0] as string) - words)
      expect(counter.count(a.system as string)).toBe(40)
    }
    // Without the tokenizer the counts are far from the asked lengths (several tokens a word).
    expect(wordsOff).toBeGreaterThan(30 * 16)
  })

  it('says in the report whether prompt lengths are model tokens or approximate', () => {
    const common = {
      records: [],
      target: 'http://x',
      load: 'l',
      durationMs: 1000,
      slo: null,
      interrupted: false,
      openLoop: true,
    }
    const approximate = buildReport(common)
    expect(approximate.promptTokens).toEqual({ counted: 'approximate', tokenizer: null })
    expect(renderReportText(approximate)).toContain('--input-tokens approximate')
    const exact = buildReport({ ...common, tokenizer: counter.source })
    expect(exact.promptTokens).toEqual({ counted: 'tokenizer', tokenizer: counter.source })
    expect(renderReportText(exact)).toContain(`counted in model tokens (${counter.source})`)
  })
})
