/**
 * deploy/grafana: every PromQL expression of the dashboard (panels, annotations, variable
 * queries) parses with Prometheus's own parser (`promtool check rules` over a generated rules
 * file), and every metric it reads is one `GET /metrics` exposes or a CONTRACT §2 vLLM, DCGM or
 * HAProxy family. The provisioning files are valid YAML naming the exemplar label /metrics writes.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml'
import { createSilentLogger } from '../../src/core/logger.js'
import { meaningOfMetric } from '../../src/core/metrics/aliases.js'
import { asMicros } from '../../src/core/model/units.js'
import { parsePrometheusText } from '../../src/core/prom/parse.js'
import { DEFAULTS } from '../../src/config/defaults.js'
import { createIngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import { createApp } from '../../src/server/app.js'
import { createServerMetrics, createTelemetry } from '../../src/server/metrics/server-metrics.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { makeVllmTrace } from '../../src/core/model/testing/builders.js'

const PROMTOOL = '/usr/bin/promtool'
const GRAFANA = join(import.meta.dirname, '../../deploy/grafana')
const dashboard = JSON.parse(readFileSync(join(GRAFANA, 'dashboards/tokenline.json'), 'utf8')) as {
  panels: Panel[]
  annotations: { list: { expr?: string }[] }
  templating: { list: { definition?: string }[] }
}

interface Panel {
  title: string
  targets?: { expr?: string }[]
  panels?: Panel[]
}

/** Every PromQL expression, with where it comes from. */
function expressions(): { where: string; expr: string }[] {
  const out: { where: string; expr: string }[] = []
  const walk = (panels: readonly Panel[]): void => {
    for (const p of panels) {
      for (const t of p.targets ?? []) {
        if (t.expr !== undefined) {
          out.push({ where: `panel "${p.title}"`, expr: t.expr })
        }
      }
      walk(p.panels ?? [])
    }
  }
  walk(dashboard.panels)
  for (const a of dashboard.annotations.list) {
    if (a.expr !== undefined) {
      out.push({ where: 'annotation', expr: a.expr })
    }
  }
  // label_values(SELECTOR, label): the selector is PromQL.
  for (const v of dashboard.templating.list) {
    const m = /^label_values\((.*),\s*\w+\)$/.exec(v.definition ?? '')
    if (m?.[1] !== undefined) {
      out.push({ where: 'variable', expr: m[1] })
    }
  }
  return out
}

/** Grafana's variables as Prometheus would see them once Grafana has filled them in. */
function substitute(expr: string): string {
  return expr
    .replace(/\$__rate_interval|\$__interval|\$__range/g, '5m')
    .replace(/\$\{?\w+(?::\w+)?\}?/g, '.*')
}

const NOT_METRICS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
])

/** Metric names an expression reads: identifiers outside strings, matchers, ranges and groupings. */
function metricNames(expr: string): string[] {
  const s = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
  const names: string[] = []
  for (const m of s.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = s.slice((m.index ?? 0) + m[0].length).trimStart()
    if (!after.startsWith('(') && !NOT_METRICS.has(m[0])) {
      names.push(m[0])
    }
  }
  return names
}

/** Family names /metrics writes (# TYPE lines), after a few requests went through. */
async function exposedFamilies(): Promise<string[]> {
  const store = createMemoryStore()
  const logger = createSilentLogger()
  const now = (): number => 1_760_000_600_000
  const telemetry = createTelemetry(DEFAULTS.metrics, now)
  const ingest = createIngestPipeline({
    store: telemetry.instrumentStore(store),
    logger,
    now,
    quietMs: 1,
    sweepIntervalMs: 0,
  })
  const app = createApp({
    store,
    ingest,
    logger,
    now,
    limits: { maxBodyBytes: 1 << 20 },
    version: 'test',
    metrics: createServerMetrics({
      store,
      logger,
      now,
      settings: DEFAULTS.metrics,
      version: 'test',
      telemetry,
    }),
  })
  await telemetry.instrumentSink(ingest, 'otlp', 'http').submitSpans(makeVllmTrace())
  await ingest.flush()
  const text = await (await app.request('/metrics')).text()
  const parsed = parsePrometheusText(text, { defaultTimeUs: asMicros(1_760_000_600_000_000) })
  return parsed.families.map((f) => f.name)
}

function isDocumentedFamily(name: string): boolean {
  const base = name.replace(/_(bucket|sum|count)$/, '')
  return [name, base, `${base}_total`].some((n) => meaningOfMetric(n) !== null)
}

describe('deploy/grafana', () => {
  it.skipIf(!existsSync(PROMTOOL))(
    'every query parses with promtool (skipped where the prometheus package is absent)',
    () => {
      const all = expressions()
      expect(all.length).toBeGreaterThan(20)
      const dir = mkdtempSync(join(tmpdir(), 'tokenline-grafana-'))
      try {
        const file = join(dir, 'dashboard-queries.rules.yml')
        const rules = all.map((e, i) => ({
          record: `tokenline:grafana_query_${i}`,
          expr: substitute(e.expr),
        }))
        writeFileSync(file, stringifyYaml({ groups: [{ name: 'grafana-dashboard', rules }] }))
        const check = spawnSync(PROMTOOL, ['check', 'rules', file], { encoding: 'utf8' })
        expect(`${check.stdout}${check.stderr}`).toContain(`SUCCESS: ${all.length} rules found`)
        expect(check.status).toBe(0)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  )

  it('a malformed query is caught by the same check', () => {
    expect(metricNames('sum by (stage) (rate(x_bucket{a="b"}[5m])) / ignoring(le) y')).toEqual([
      'x_bucket',
      'y',
    ])
    if (existsSync(PROMTOOL)) {
      const dir = mkdtempSync(join(tmpdir(), 'tokenline-grafana-'))
      try {
        const file = join(dir, 'bad.rules.yml')
        const rules = [{ record: 'tokenline:bad', expr: 'sum by (le (rate(x[5m]))' }]
        writeFileSync(file, stringifyYaml({ groups: [{ name: 'bad', rules }] }))
        expect(spawnSync(PROMTOOL, ['check', 'rules', file]).status).not.toBe(0)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  })

  it('reads only metrics /metrics exposes or CONTRACT §2 documents', async () => {
    const exposed = new Set(await exposedFamilies())
    const unknown: string[] = []
    for (const { where, expr } of expressions()) {
      for (const name of metricNames(expr)) {
        const base = name.replace(/_(bucket|sum|count|total)$/, '')
        const known = exposed.has(name) || exposed.has(base) || isDocumentedFamily(name)
        if (!known) {
          unknown.push(`${where}: ${name}`)
        }
      }
    }
    expect(unknown).toEqual([])
    // Tokenline's own families and vLLM's both appear, side by side.
    const used = new Set(expressions().flatMap((e) => metricNames(e.expr)))
    expect(used.has('tokenline_request_ttft_seconds_bucket')).toBe(true)
    expect(used.has('vllm:time_to_first_token_seconds_bucket')).toBe(true)
    expect(used.has('tokenline_finding')).toBe(true)
  })

  it('provisions a Prometheus data source whose exemplar link reads the trace_id label', () => {
    const ds = parseYaml(
      readFileSync(join(GRAFANA, 'provisioning/datasources/tokenline.yaml'), 'utf8')
    ) as {
      datasources: {
        type: string
        uid: string
        jsonData: { exemplarTraceIdDestinations: { name: string; url: string }[] }
      }[]
    }
    const prom = ds.datasources[0]
    expect(prom?.type).toBe('prometheus')
    expect(prom?.jsonData.exemplarTraceIdDestinations[0]?.name).toBe('trace_id')
    expect(prom?.jsonData.exemplarTraceIdDestinations[0]?.url).toContain('trace=$${__value.raw}')
    const providers = parseYaml(
      readFileSync(join(GRAFANA, 'provisioning/dashboards/tokenline.yaml'), 'utf8')
    ) as { providers: { type: string; options: { path: string } }[] }
    expect(providers.providers[0]?.type).toBe('file')
  })
})
