/**
 * Model tokens for the probe's synthetic prompts: a local `tokenizer.json` (the Hugging Face
 * format every model repository ships) read with `@huggingface/tokenizers`, a pure-JS
 * implementation that needs no download, no native code and no network at run time. Without it
 * one synthetic word counts as one token, which real tokenizers do not agree with.
 */
import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Tokenizer } from '@huggingface/tokenizers'
import { AppError } from '../core/errors.js'

/** Counts the tokens of a text as a model's tokenizer does (no special tokens added). */
export interface TokenCounter {
  /** What the counts come from, for reports: the tokenizer file's path. */
  source: string
  count(text: string): number
}

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new AppError('INPUT_INVALID', `cannot read ${what} ${path}: ${(err as Error).message}`, {
      cause: err,
    })
  }
  try {
    return JSON.parse(text) as unknown
  } catch (err) {
    throw new AppError('INPUT_INVALID', `${what} ${path} is not JSON: ${(err as Error).message}`, {
      cause: err,
    })
  }
}

/**
 * Loads `tokenizer.json` (or the folder holding it). A `tokenizer_config.json` beside it is read
 * too, as the library expects; it is optional.
 */
export async function loadTokenCounter(path: string): Promise<TokenCounter> {
  const file = basename(path).endsWith('.json') ? path : join(path, 'tokenizer.json')
  const json = await readJson(file, '--tokenizer file')
  const configPath = join(dirname(file), 'tokenizer_config.json')
  const config = await readJson(configPath, 'tokenizer config').catch(() => ({}))
  let tokenizer: Tokenizer
  try {
    tokenizer = new Tokenizer(json as object, config as object)
    tokenizer.encode('probe', { add_special_tokens: false })
  } catch (err) {
    throw new AppError(
      'INPUT_INVALID',
      `--tokenizer ${file} is not a tokenizer.json this library can use: ${(err as Error).message}`,
      { cause: err }
    )
  }
  return {
    source: file,
    count: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids.length,
  }
}
