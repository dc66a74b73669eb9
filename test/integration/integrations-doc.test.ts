/**
 * docs/integrations.md's examples are real: the Prometheus scrape config and rules pass
 * `promtool` (where the Debian `prometheus` package installed it), and the `tokenline.yaml`
 * snippet resolves with the project's own config loader.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { resolveConfig } from '../../src/config/resolve.js'

const PROMTOOL = '/usr/bin/promtool'
const doc = readFileSync(join(import.meta.dirname, '../../docs/integrations.md'), 'utf8')
const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-integrations-doc-'))

afterAll(() => rmSync(dir, { recursive: true, force: true }))

function blockStarting(first: string): string {
  const block = blocks.find((b) => b.startsWith(first))
  if (block === undefined) {
    throw new Error(`docs/integrations.md has no yaml block starting with ${first}`)
  }
  return block
}

describe('docs/integrations.md', () => {
  it.skipIf(!existsSync(PROMTOOL))(
    'the scrape config and the rules pass promtool (skipped where prometheus is absent)',
    () => {
      const config = join(dir, 'prometheus.yml')
      writeFileSync(config, blockStarting('# prometheus.yml'))
      const checkConfig = spawnSync(PROMTOOL, ['check', 'config', '--syntax-only', config], {
        encoding: 'utf8',
      })
      expect(checkConfig.stdout).toContain('SUCCESS')
      const rules = join(dir, 'rules.yml')
      writeFileSync(rules, blockStarting('groups:'))
      const checkRules = spawnSync(PROMTOOL, ['check', 'rules', rules], { encoding: 'utf8' })
      expect(checkRules.stdout).toContain('SUCCESS: 3 rules found')
      expect(checkRules.status).toBe(0)
    }
  )

  it('every yaml block parses, and the Alertmanager matchers are the quoted strings it reads', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(6)
    for (const block of blocks) {
      expect(() => parseYaml(block) as unknown).not.toThrow()
    }
    const am = parseYaml(blockStarting('# alertmanager.yml')) as {
      route: { routes: { matchers: string[]; routes: { matchers: string[] }[] }[] }
    }
    expect(am.route.routes[0]?.matchers).toEqual(['severity="page"'])
    expect(am.route.routes[0]?.routes.map((r) => r.matchers[0])).toEqual([
      'cause=~"engine.queue_saturation|engine.kv_cache_pressure|replica.cold_start"',
      'cause="version.regression"',
      'cause=~"gateway\\\\..*|network\\\\..*|proxy\\\\..*"',
    ])
  })

  it('the tokenline.yaml snippet is a valid configuration', () => {
    const { config } = resolveConfig({ file: parseYaml(blockStarting('# tokenline.yaml')) })
    expect(config.slo.notify.webhooks[0]).toMatchObject({
      url: 'http://alertmanager:9093',
      format: 'alertmanager-api',
      resendIntervalMs: 60_000,
    })
  })
})
