import { createSeededRandom, type UniformRandom } from '../core/stats/seeded-random.js'

/**
 * A prompt/output length distribution in tokens. Prompts are counted with the model's tokenizer
 * when `--tokenizer` gives one (`WorkloadOptions.tokens`), else one synthetic word = one token.
 */
export type LengthDist =
  | { kind: 'fixed'; n: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'normal'; mean: number; sd: number }

/** Parses `512`, `uniform:256-1024` or `normal:512,128`; null when the text is not one of those. */
export function parseLengthDist(text: string): LengthDist | null {
  const t = text.trim()
  let m = /^(\d+)$/.exec(t)
  if (m !== null) {
    return { kind: 'fixed', n: Number(m[1]) }
  }
  m = /^uniform:(\d+)-(\d+)$/.exec(t)
  if (m !== null && Number(m[1]) <= Number(m[2])) {
    return { kind: 'uniform', min: Number(m[1]), max: Number(m[2]) }
  }
  m = /^normal:(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(t)
  if (m !== null) {
    return { kind: 'normal', mean: Number(m[1]), sd: Number(m[2]) }
  }
  return null
}

/** Draws one length (≥ 1). Normal draws use Box–Muller. */
export function sampleLength(dist: LengthDist, rng: UniformRandom): number {
  switch (dist.kind) {
    case 'fixed':
      return Math.max(1, dist.n)
    case 'uniform':
      return dist.min + Math.floor(rng() * (dist.max - dist.min + 1))
    case 'normal': {
      const z = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng())
      return Math.max(1, Math.round(dist.mean + z * dist.sd))
    }
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** One conversation to send: user turns in order and the max_tokens of each. */
export interface ConversationPlan {
  system: string | null
  userTurns: string[]
  maxTokens: (number | null)[]
}

/** A dataset entry as read from JSONL (see docs/probe.md for the accepted shapes). */
export interface DatasetItem {
  system: string | null
  userTurns: string[]
  maxTokens: number | null
}

export interface WorkloadOptions {
  model: string
  api: 'chat' | 'completions'
  inputLen: LengthDist
  outputLen: LengthDist
  /** Tokens of a shared system prefix (prefix-cache workloads); 0 for none. */
  sharedPrefixTokens: number
  /** Number of distinct shared prefixes requests rotate through. */
  prefixGroups: number
  /** User turns per conversation (multi-turn: each turn carries the history). */
  turns: number
  dataset: DatasetItem[] | null
  seed: number
  /** Extra body fields (e.g. `temperature`). */
  extraBody?: Record<string, unknown>
  /** The model's tokenizer: prompt lengths are then model tokens, not words. */
  tokens?: { count(text: string): number }
}

const VOCAB = (
  'time person year way day thing man world life hand part child eye woman place work week case point ' +
  'government company number group problem fact model token queue cache batch prompt stream answer'
).split(' ')

function words(n: number, rng: UniformRandom): string {
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    out.push(VOCAB[Math.floor(rng() * VOCAB.length)] as string)
  }
  return out.join(' ')
}

/** Most tokenizers give a short common word one token; tried in turn to close the last gap. */
const FILLERS = [' a', ' I', ' x', ' the', ' of', '.', ' 1']

/**
 * A prompt of exactly `target` model tokens where the tokenizer allows it (else the closest
 * count not above it): `lead` plus a prefix of `pool`, found by a few secant steps on the word
 * count, then topped up with one-token fillers.
 */
export function fitPromptToTokens(
  target: number,
  lead: string,
  pool: readonly string[],
  count: (text: string) => number
): string {
  const textOf = (k: number): string => {
    const body = pool.slice(0, Math.max(0, k)).join(' ')
    return lead === '' ? body : body === '' ? lead : `${lead} ${body}`
  }
  let k = Math.min(pool.length, Math.max(0, target - 1))
  for (let step = 0; step < 6; step++) {
    const c = count(textOf(k))
    if (c === target || c === 0) {
      break
    }
    const next = Math.min(pool.length, Math.max(0, Math.round((k * target) / c)))
    if (next === k) {
      break
    }
    k = next
  }
  // Walk down until at or below the target, then up while the next word still fits.
  while (k > 0 && count(textOf(k)) > target) {
    k--
  }
  while (k < pool.length && count(textOf(k + 1)) <= target) {
    k++
  }
  let text = textOf(k)
  let c = count(text)
  for (let tries = 0; c < target && tries < 4 * FILLERS.length; tries++) {
    const filler = FILLERS.find((f) => count(text + f) === c + 1)
    if (filler === undefined) {
      break
    }
    text += filler
    c++
  }
  return text
}

/** PURE generator of conversations from a seeded RNG (and an optional dataset). */
export interface Workload {
  nextConversation(): ConversationPlan
}

export function createWorkload(options: WorkloadOptions): Workload {
  const rng = createSeededRandom(options.seed)
  const prefixes: string[] = []
  for (let g = 0; g < Math.max(1, options.prefixGroups); g++) {
    const prefixRng = createSeededRandom(options.seed * 7919 + g)
    const n = options.sharedPrefixTokens
    prefixes.push(
      n <= 0
        ? ''
        : options.tokens === undefined
          ? words(n, prefixRng)
          : fitPromptToTokens(n, '', words(2 * n + 8, prefixRng).split(' '), options.tokens.count)
    )
  }
  let index = 0
  return {
    nextConversation() {
      const i = index++
      const prefix = prefixes[i % prefixes.length] as string
      if (options.dataset !== null && options.dataset.length > 0) {
        const item = options.dataset[i % options.dataset.length] as DatasetItem
        const system = [prefix, item.system ?? ''].filter((s) => s !== '').join('\n')
        return {
          system: system === '' ? null : system,
          userTurns: item.userTurns,
          maxTokens: item.userTurns.map(
            () => item.maxTokens ?? sampleLength(options.outputLen, rng)
          ),
        }
      }
      const userTurns: string[] = []
      const maxTokens: number[] = []
      for (let t = 0; t < Math.max(1, options.turns); t++) {
        // A unique lead word keeps two synthetic prompts from sharing a cacheable prefix by chance.
        const lead = `r${i}t${t}`
        const length = sampleLength(options.inputLen, rng)
        if (options.tokens === undefined) {
          userTurns.push(`${lead} ${words(Math.max(0, length - 1), rng)}`)
        } else {
          // A word is one token or more: the same words as without a tokenizer (so a seed gives
          // the same lengths either way), more from a side stream, then cut to the length.
          const head = words(Math.max(0, length - 1), rng)
          const more = words(length + 8, createSeededRandom(options.seed * 104_729 + i * 131 + t))
          const pool = `${head} ${more}`.split(' ').filter((w) => w !== '')
          userTurns.push(fitPromptToTokens(length, lead, pool, options.tokens.count))
        }
        maxTokens.push(sampleLength(options.outputLen, rng))
      }
      return { system: prefix === '' ? null : prefix, userTurns, maxTokens }
    },
  }
}

/** Builds the JSON body for one turn, given the history so far. */
export function buildRequestBody(
  options: Pick<WorkloadOptions, 'model' | 'api' | 'extraBody'>,
  history: readonly ChatMessage[],
  maxTokens: number | null
): string {
  const common = {
    model: options.model,
    stream: true,
    stream_options: { include_usage: true },
    ...(maxTokens !== null ? { max_tokens: maxTokens } : {}),
    ...options.extraBody,
  }
  if (options.api === 'chat') {
    return JSON.stringify({ ...common, messages: history })
  }
  return JSON.stringify({ ...common, prompt: history.map((m) => m.content).join('\n') })
}
