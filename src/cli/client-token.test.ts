import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readClientToken } from './client-token.js'

const dir = mkdtempSync(join(tmpdir(), 'tokenline-token-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe('readClientToken', () => {
  it('reads the token alone from --token-file, which wins over TOKENLINE_TOKEN', async () => {
    const path = file('ok', '# for the read scope\n\n  secret-token-abcdef  \n')
    expect(await readClientToken(path, { TOKENLINE_TOKEN: 'from-env' })).toBe('secret-token-abcdef')
  })

  it.each([
    [{ TOKENLINE_TOKEN: 'from-env' }, 'from-env'],
    [{ TOKENLINE_TOKEN: '' }, null],
    [{}, null],
  ])('without a file: %o → %s', async (env, token) => {
    expect(await readClientToken(undefined, env)).toBe(token)
  })

  it.each([
    ['server', 'read secret-token-abcdef\n', /scope token.*not a client token file/],
    [
      'two',
      'secret-one-abcdefgh\nsecret-two-abcdefgh\n',
      /must hold one token alone \(actual: 2 line/,
    ],
    ['empty', '\n# nothing\n', /must hold one token alone \(actual: 0 line/],
  ])('refuses a %s file without echoing a token', async (name, text, message) => {
    const err = await readClientToken(file(name, text), {}).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'CONFIG_INVALID', message })
    expect((err as Error).message).not.toMatch(/secret/)
  })

  it('names a file it cannot read', async () => {
    await expect(readClientToken(join(dir, 'missing'), {})).rejects.toThrow(
      /cannot read --token-file .*missing: ENOENT/
    )
  })
})
