import { h } from '../charts/dom.js'

/** What to send and where, shown when the store holds nothing yet. */
export function renderEmptyState(): HTMLElement {
  const host = location.hostname || '127.0.0.1'
  return h(
    'section',
    { class: 'empty-state', 'data-empty': '' },
    h('h2', {}, 'No data yet'),
    h(
      'p',
      {},
      'Tokenline explains why users wait from traces, metrics and change events. Send it any of these:'
    ),
    h(
      'ol',
      {},
      h(
        'li',
        {},
        h('strong', {}, 'Traces (OTLP/HTTP)'),
        ' — point your gateway, vLLM (',
        h('code', {}, '--otlp-traces-endpoint'),
        ') or SDK exporter at ',
        h('code', {}, `http://${host}:4318/v1/traces`),
        ' (protobuf or JSON).'
      ),
      h(
        'li',
        {},
        h('strong', {}, 'Metrics'),
        ' — scrape the engines: ',
        h('code', {}, 'tokenline serve --scrape http://vllm:8000/metrics'),
        ', or push OTLP metrics to ',
        h('code', {}, `http://${host}:4318/v1/metrics`),
        '.'
      ),
      h(
        'li',
        {},
        h('strong', {}, 'Files'),
        ' — ',
        h('code', {}, 'tokenline import traces.jsonl metrics.om events.jsonl'),
        ' (OTLP JSON lines, OpenMetrics with timestamps, change events).'
      ),
      h(
        'li',
        {},
        h('strong', {}, 'Change events'),
        ' — ',
        h('code', {}, `POST http://${host}:${location.port || '4320'}/api/events`),
        ' with deploys, scale-ups and restarts.'
      )
    ),
    h(
      'p',
      { class: 'muted' },
      'Just looking? ',
      h('code', {}, 'tokenline demo'),
      ' simulates an incident and opens this page with it.'
    ),
    h('p', { class: 'muted' }, 'This page refreshes every 10 seconds until data arrives.')
  )
}
