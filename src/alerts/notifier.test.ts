import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '../core/logger.js'
import { createNotifier, redactUrl } from './notifier.js'
import { firingNotification } from './testing/notification.js'

const SECRET = 'T0000/B0000/XXXXsecretXXXX'

function recordingLogger(): Logger & { text: () => string } {
  const lines: string[] = []
  const record = (msg: string, fields?: object): void => {
    lines.push(`${msg} ${JSON.stringify(fields ?? {})}`)
  }
  return {
    debug: record,
    info: record,
    warn: record,
    error: record,
    text: () => lines.join('\n'),
  }
}

let server: Server
let port = 0

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.statusCode = 500
    res.end('no')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

describe('webhook URLs in logs', () => {
  it('keeps scheme and host only', () => {
    expect(redactUrl(`https://hooks.slack.com/services/${SECRET}?token=abc`)).toBe(
      'https://hooks.slack.com/…'
    )
    expect(redactUrl('not a url')).toBe('(unparsable URL)')
  })

  it.each([
    ['a receiver answering 500', () => `http://127.0.0.1:${port}/services/${SECRET}`],
    ['an unparsable URL', () => `http//127.0.0.1:${port}/services/${SECRET}`],
  ])('never logs the secret path of %s', async (_what, url) => {
    const logger = recordingLogger()
    const notifier = createNotifier({
      webhooks: [
        {
          url: url(),
          format: 'json',
          headers: {},
          maxAttempts: 2,
          timeoutMs: 2000,
          backoffMs: 1,
          resendIntervalMs: 60_000,
        },
      ],
      logger,
      externalUrl: null,
      sleep: () => Promise.resolve(),
    })
    notifier.notify(firingNotification())
    await notifier.idle()
    expect(logger.text()).toContain('alert webhook delivery failed')
    expect(logger.text()).not.toContain(SECRET)
  })
})
