/**
 * The bearer token the CLI sends to a server started with `--auth-token-file`: from
 * `--token-file FILE` (a file holding the token alone), else `TOKENLINE_TOKEN`. A file keeps the
 * token out of the process list and the shell history; the flag wins over the variable.
 */
import { readFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { ConfigError } from '../core/errors.js'

export const TOKEN_ENV = 'TOKENLINE_TOKEN'

/** Adds `--token-file` to a command that talks to a server. */
export function addTokenFileOption(cmd: Command, scope: string): Command {
  return cmd.option(
    '--token-file <file>',
    `file holding the bearer token (${scope} scope) for a server started with --auth-token-file; else $${TOKEN_ENV}`
  )
}

/** The token of `--token-file` or `TOKENLINE_TOKEN`, or `null` when neither gives one. */
export async function readClientToken(
  tokenFile: string | undefined,
  env: NodeJS.ProcessEnv = process.env
): Promise<string | null> {
  if (tokenFile === undefined) {
    const fromEnv = env[TOKEN_ENV]?.trim()
    if (fromEnv !== undefined && /\s/.test(fromEnv)) {
      throw new ConfigError(`${TOKEN_ENV} must hold one token with no spaces`)
    }
    return fromEnv === undefined || fromEnv === '' ? null : fromEnv
  }
  let text: string
  try {
    text = await readFile(tokenFile, 'utf8')
  } catch (err) {
    throw new ConfigError(
      `cannot read --token-file ${tokenFile}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
      { cause: err }
    )
  }
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
  // The token itself is never echoed in a message.
  if (lines.length !== 1 || /\s/.test(lines[0] as string)) {
    throw new ConfigError(
      `--token-file ${tokenFile} must hold one token alone (actual: ${lines.length} line(s)${lines.length === 1 ? ' with spaces: the server’s "scope token" file is not a client token file' : ''})`
    )
  }
  return lines[0] as string
}
