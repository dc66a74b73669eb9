import { readFile } from 'node:fs/promises'
import { parse as parseYaml } from 'yaml'
import { ConfigError } from '../core/errors.js'
import { resolveConfig, type ResolveResult } from './resolve.js'
import type { Config } from './schema.js'

/** Default file names looked for in the working directory when `--config` is not given. */
export const DEFAULT_CONFIG_FILES = ['tokenline.yaml', 'tokenline.yml', 'tokenline.json']

async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return null
    }
    throw new ConfigError(`cannot read config file ${path}: ${(err as Error).message}`, {
      cause: err,
    })
  }
}

/** Reads the config file (YAML or JSON) and the environment, then resolves them with the flags. */
export async function loadConfig(options: {
  flags?: Config
  configPath?: string
  env?: Record<string, string | undefined>
}): Promise<ResolveResult & { fileName: string | null }> {
  let text: string | null = null
  let fileName: string | null = null
  if (options.configPath !== undefined) {
    text = await readIfExists(options.configPath)
    if (text === null) {
      throw new ConfigError(`config file not found: ${options.configPath}`)
    }
    fileName = options.configPath
  } else {
    for (const candidate of DEFAULT_CONFIG_FILES) {
      text = await readIfExists(candidate)
      if (text !== null) {
        fileName = candidate
        break
      }
    }
  }
  let file: unknown
  if (text !== null && fileName !== null) {
    try {
      // YAML is a superset of JSON, so one parser reads both.
      file = parseYaml(text)
    } catch (err) {
      throw new ConfigError(`cannot parse ${fileName}: ${(err as Error).message}`, { cause: err })
    }
  }
  const result = resolveConfig({
    ...(options.flags === undefined ? {} : { flags: options.flags }),
    env: options.env ?? process.env,
    file,
    ...(fileName === null ? {} : { fileName }),
  })
  return { ...result, fileName }
}
