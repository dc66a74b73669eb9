import { describe, expect, it } from 'vitest'
import { negotiateExposition, renderExposition, type MetricFamily } from './exposition.js'

const PROMETHEUS_3 =
  'application/openmetrics-text;version=1.0.0;escaping=allow-utf-8;q=0.6,application/openmetrics-text;version=0.0.1;q=0.5,text/plain;version=1.0.0;escaping=allow-utf-8;q=0.4,text/plain;version=0.0.4;q=0.3,*/*;q=0.2'

describe('negotiateExposition', () => {
  it.each([
    [undefined, 'prometheus'],
    ['', 'prometheus'],
    ['*/*', 'prometheus'],
    ['text/plain;version=0.0.4', 'prometheus'],
    ['application/openmetrics-text', 'openmetrics'],
    [PROMETHEUS_3, 'openmetrics'],
    ['application/openmetrics-text;q=0.1,text/plain;q=0.9', 'prometheus'],
    ['application/openmetrics-text;q=0', 'prometheus'],
  ])('%s → %s', (accept, format) => {
    expect(negotiateExposition(accept)).toBe(format)
  })
})

const families: MetricFamily[] = [
  {
    name: 'x_refused',
    type: 'counter',
    help: 'Refused.\nSecond line with a \\ backslash and "quotes".',
    samples: [{ labels: { reason: 'a"b\\c\nd', empty: '' }, value: 3 }],
  },
  {
    name: 'x_duration_seconds',
    type: 'histogram',
    help: 'Durations.',
    unit: 'seconds',
    samples: [
      {
        labels: { stage: 'engine.prefill' },
        bounds: [0.5, 1, 1e21],
        counts: [1, 0, 2, 1],
        sum: 12.5,
        exemplars: [null, null, { labels: { trace_id: 'ab' }, value: 7 }, null],
      },
    ],
  },
  { name: 'x_ratio', type: 'gauge', help: 'Ratio.', samples: [{ labels: {}, value: NaN }] },
]

describe('renderExposition', () => {
  it('writes Prometheus text 0.0.4: _total on TYPE, escapes, cumulative buckets, no exemplars', () => {
    expect(renderExposition(families, 'prometheus')).toBe(
      [
        '# HELP x_refused_total Refused.\\nSecond line with a \\\\ backslash and "quotes".',
        '# TYPE x_refused_total counter',
        'x_refused_total{reason="a\\"b\\\\c\\nd"} 3',
        '# HELP x_duration_seconds Durations.',
        '# TYPE x_duration_seconds histogram',
        'x_duration_seconds_bucket{stage="engine.prefill",le="0.5"} 1',
        'x_duration_seconds_bucket{stage="engine.prefill",le="1"} 1',
        'x_duration_seconds_bucket{stage="engine.prefill",le="1e+21"} 3',
        'x_duration_seconds_bucket{stage="engine.prefill",le="+Inf"} 4',
        'x_duration_seconds_sum{stage="engine.prefill"} 12.5',
        'x_duration_seconds_count{stage="engine.prefill"} 4',
        '# HELP x_ratio Ratio.',
        '# TYPE x_ratio gauge',
        'x_ratio NaN',
        '',
      ].join('\n')
    )
  })

  it('writes OpenMetrics 1.0.0: bare counter TYPE, UNIT, canonical le, exemplars, # EOF', () => {
    const text = renderExposition(families, 'openmetrics')
    expect(text).toContain(
      'backslash and \\"quotes\\".\n# TYPE x_refused counter\nx_refused_total{'
    )
    expect(text).toContain('# UNIT x_duration_seconds seconds')
    expect(text).toContain('x_duration_seconds_bucket{stage="engine.prefill",le="1.0"} 1\n')
    expect(text).toContain('le="1e+21"} 3 # {trace_id="ab"} 7\n')
    expect(text.endsWith('x_ratio NaN\n# EOF\n')).toBe(true)
  })
})
