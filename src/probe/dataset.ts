import { readFile } from 'node:fs/promises'
import { AppError, errorMessage } from '../core/errors.js'
import type { DatasetItem } from './workload.js'

/**
 * Parses a JSONL prompt dataset. Each line is one of:
 * `{"prompt": "..."}`, `{"messages": [{"role","content"}...]}` (user turns become the turns),
 * `{"conversations": [{"from": "human"|"gpt", "value"}]}` (ShareGPT), `{"turns": ["..."]}`;
 * optional `max_tokens`/`output_tokens`. Unusable lines are returned as rejects.
 */
export function parseDataset(text: string): {
  items: DatasetItem[]
  rejected: { line: number; reason: string }[]
} {
  const items: DatasetItem[] = []
  const rejected: { line: number; reason: string }[] = []
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim()
    if (line === '') {
      return
    }
    let o: Record<string, unknown>
    try {
      o = JSON.parse(line) as Record<string, unknown>
    } catch {
      rejected.push({ line: i + 1, reason: 'not JSON' })
      return
    }
    const mt = o.max_tokens ?? o.output_tokens
    const maxTokens = typeof mt === 'number' && mt > 0 ? Math.floor(mt) : null
    let system: string | null = null
    let userTurns: string[] = []
    if (typeof o.prompt === 'string') {
      userTurns = [o.prompt]
    } else if (Array.isArray(o.turns)) {
      userTurns = o.turns.filter((t): t is string => typeof t === 'string')
    } else if (Array.isArray(o.messages) || Array.isArray(o.conversations)) {
      const list = (Array.isArray(o.messages) ? o.messages : o.conversations) as unknown[]
      for (const m of list) {
        if (typeof m !== 'object' || m === null) {
          continue
        }
        const r = m as { role?: unknown; from?: unknown; content?: unknown; value?: unknown }
        const role = String(r.role ?? r.from ?? '')
        const content =
          typeof r.content === 'string' ? r.content : typeof r.value === 'string' ? r.value : null
        if (content === null) {
          continue
        }
        if (role === 'system') {
          system = content
        } else if (role === 'user' || role === 'human') {
          userTurns.push(content)
        }
      }
    }
    if (userTurns.length === 0) {
      rejected.push({
        line: i + 1,
        reason: 'expected prompt, turns, messages or conversations with a user turn',
      })
      return
    }
    items.push({ system, userTurns, maxTokens })
  })
  return { items, rejected }
}

/** Reads a dataset file; throws INPUT_INVALID when it holds no usable line. */
export async function loadDataset(
  path: string
): Promise<{ items: DatasetItem[]; rejected: { line: number; reason: string }[] }> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new AppError('INPUT_INVALID', `cannot read dataset ${path} (${errorMessage(err)})`, {
      cause: err,
    })
  }
  const result = parseDataset(text)
  if (result.items.length === 0) {
    const first = result.rejected[0]
    throw new AppError(
      'INPUT_INVALID',
      `dataset ${path} has no usable line (expected JSONL prompts; ${first !== undefined ? `line ${first.line}: ${first.reason}` : 'file is empty'})`
    )
  }
  return result
}
