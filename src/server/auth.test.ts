import { describe, expect, it } from 'vitest'
import { allows, findGrant, parseTokenFile } from './auth.js'

const FILE = `
# comment
ingest  aaaaaaaaaaaaaaaaaaaaaaaa
read:tenant=acme   bbbbbbbbbbbbbbbbbbbbbbbb
admin   cccccccccccccccccccccccc
`

describe('findGrant', () => {
  const grants = parseTokenFile(FILE, 'tokens')

  it('finds the line of a token, with its scope and tenant', () => {
    expect(findGrant(grants, 'bbbbbbbbbbbbbbbbbbbbbbbb')).toMatchObject({
      scope: 'read',
      tenant: 'acme',
    })
    expect(findGrant(grants, 'cccccccccccccccccccccccc')?.scope).toBe('admin')
  })

  it('refuses a prefix, an extension, another case and the empty token', () => {
    for (const wrong of [
      'aaaaaaaaaaaaaaaaaaaaaaa',
      'aaaaaaaaaaaaaaaaaaaaaaaaa',
      'AAAAAAAAAAAAAAAAAAAAAAAA',
      '',
    ]) {
      expect(findGrant(grants, wrong)).toBeNull()
    }
  })

  it('keeps digests, not tokens', () => {
    expect(JSON.stringify(grants)).not.toContain('aaaaaaaa')
  })

  it('lets admin do all and the others their own scope only', () => {
    const [ingest, tenant, admin] = grants
    expect(allows(admin!, 'ingest')).toBe(true)
    expect(allows(admin!, 'read')).toBe(true)
    expect(allows(ingest!, 'read')).toBe(false)
    expect(allows(tenant!, 'read')).toBe(true)
    expect(allows(tenant!, 'ingest')).toBe(false)
  })
})
