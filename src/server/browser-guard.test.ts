import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { allowedHostsFor, checkHostAndOrigin, isLoopbackHost } from './browser-guard.js'

describe('allowed hosts', () => {
  it('are the loopback names, the bound name unless a wildcard, and the configured ones', () => {
    expect(allowedHostsFor('0.0.0.0', [])).toEqual(['localhost', '127.0.0.1', '::1'])
    expect(allowedHostsFor('10.0.0.5', ['Tokenline.Internal'])).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      'tokenline.internal',
    ])
  })

  it.each([
    ['127.0.0.1', true],
    ['127.3.2.1', true],
    ['localhost', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['10.0.0.5', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback)
  })
})

describe('allowedHosts: ["*"]', () => {
  const app = new Hono()
  app.use('*', checkHostAndOrigin({ allowedHosts: ['*'], allowedOrigins: [] }))
  app.post('/x', (c) => c.text('ok'))

  it('serves any Host, and a page of its own origin, but no foreign page', async () => {
    const post = (origin?: string) =>
      app.request('http://any.example:4320/x', {
        method: 'POST',
        headers: origin === undefined ? {} : { origin },
      })
    expect((await post()).status).toBe(200)
    expect((await post('http://any.example:4320')).status).toBe(200)
    expect((await post('http://evil.example')).status).toBe(403)
  })
})
