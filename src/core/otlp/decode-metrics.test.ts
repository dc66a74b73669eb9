import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeMetrics, decodeMetricsJson } from './decode-metrics.js'

const FIXTURES = new URL('../../../test/fixtures/otlp/', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8')

const T = '1760000000000000000'
const TUS = 1760000000000000

function request(metrics: unknown[], resource: unknown[] = []): unknown {
  return { resourceMetrics: [{ resource: { attributes: resource }, scopeMetrics: [{ metrics }] }] }
}

describe('decodeMetrics', () => {
  it('decodes the official example to its expected output', () => {
    const actual = decodeMetricsJson(read('otlp-metrics-example.json'))
    expect(JSON.parse(JSON.stringify(actual))).toEqual(
      JSON.parse(read('otlp-metrics-example.expected.json'))
    )
  })

  it('maps resource attributes to instance/job/pod/node labels and renames dots', () => {
    const { samples, families } = decodeMetrics(
      request(
        [
          {
            name: 'vllm:num_requests_running',
            gauge: {
              dataPoints: [
                {
                  asInt: '3',
                  timeUnixNano: T,
                  attributes: [{ key: 'model_name', value: { stringValue: 'llama' } }],
                },
              ],
            },
          },
        ],
        [
          { key: 'service.name', value: { stringValue: 'vllm' } },
          { key: 'service.instance.id', value: { stringValue: '10.0.0.1:8000' } },
          { key: 'k8s.pod.name', value: { stringValue: 'vllm-0' } },
          { key: 'k8s.node.name', value: { stringValue: 'gpu-1' } },
          { key: 'cloud.region', value: { stringValue: 'eu' } },
        ]
      )
    )
    expect(samples).toEqual([
      {
        name: 'vllm:num_requests_running',
        labels: {
          job: 'vllm',
          instance: '10.0.0.1:8000',
          pod: 'vllm-0',
          node: 'gpu-1',
          cloud_region: 'eu',
          model_name: 'llama',
        },
        timeUs: TUS,
        value: 3,
      },
    ])
    expect(families).toEqual([
      { name: 'vllm:num_requests_running', type: 'gauge', help: null, unit: null },
    ])
  })

  it('types a cumulative monotonic sum as a counter and a non-monotonic one as a gauge', () => {
    const { families } = decodeMetrics(
      request([
        {
          name: 'a.total',
          sum: {
            isMonotonic: true,
            aggregationTemporality: 2,
            dataPoints: [{ asDouble: 1, timeUnixNano: T }],
          },
        },
        {
          name: 'b',
          sum: {
            isMonotonic: false,
            aggregationTemporality: 'AGGREGATION_TEMPORALITY_CUMULATIVE',
            dataPoints: [{ asDouble: 1, timeUnixNano: T }],
          },
        },
      ])
    )
    expect(families.map((f) => [f.name, f.type])).toEqual([
      ['a_total', 'counter'],
      ['b', 'gauge'],
    ])
  })

  it('turns a histogram into cumulative _bucket{le} with +Inf, _sum and _count', () => {
    const { samples } = decodeMetrics(
      request([
        {
          name: 'gen_ai.server.time_to_first_token',
          unit: 's',
          histogram: {
            aggregationTemporality: 2,
            dataPoints: [
              {
                timeUnixNano: T,
                count: '6',
                sum: 1.5,
                explicitBounds: [0.1, 0.5, 1],
                bucketCounts: ['1', '2', '0', '3'],
              },
            ],
          },
        },
      ])
    )
    expect(samples.map((s) => [s.name, s.labels['le'] ?? null, s.value])).toEqual([
      ['gen_ai_server_time_to_first_token_bucket', '0.1', 1],
      ['gen_ai_server_time_to_first_token_bucket', '0.5', 3],
      ['gen_ai_server_time_to_first_token_bucket', '1', 3],
      ['gen_ai_server_time_to_first_token_bucket', '+Inf', 6],
      ['gen_ai_server_time_to_first_token_sum', null, 1.5],
      ['gen_ai_server_time_to_first_token_count', null, 6],
    ])
  })

  it('turns a summary into quantile labels plus _sum and _count', () => {
    const { samples } = decodeMetrics(
      request([
        {
          name: 'rpc.latency',
          summary: {
            dataPoints: [
              {
                timeUnixNano: T,
                count: 4,
                sum: 2,
                quantileValues: [
                  { quantile: 0.5, value: 0.4 },
                  { quantile: 0.99, value: 0.9 },
                ],
              },
            ],
          },
        },
      ])
    )
    expect(samples.map((s) => [s.name, s.labels['quantile'] ?? null, s.value])).toEqual([
      ['rpc_latency', '0.5', 0.4],
      ['rpc_latency', '0.99', 0.9],
      ['rpc_latency_sum', null, 2],
      ['rpc_latency_count', null, 4],
    ])
  })

  it('rejects bad data points with their path and keeps the rest', () => {
    const result = decodeMetrics(
      request([
        {
          name: 'h',
          histogram: {
            dataPoints: [
              { timeUnixNano: T, count: 1, explicitBounds: [1, 2], bucketCounts: [1] },
              { count: 1 },
              { timeUnixNano: T, count: 2, explicitBounds: [1], bucketCounts: [1, 1] },
            ],
          },
        },
        { name: 'no.data' },
        { name: 'x', exponentialHistogram: { dataPoints: [{ timeUnixNano: T, scale: 99 }] } },
        { name: 'skip', gauge: { dataPoints: [{ timeUnixNano: T, flags: 1 }] } },
      ])
    )
    expect(result.rejected).toEqual([
      {
        path: 'resourceMetrics[0].scopeMetrics[0].metrics[0].histogram.dataPoints[0]',
        reason: expect.stringContaining('bucketCounts must have'),
      },
      {
        path: 'resourceMetrics[0].scopeMetrics[0].metrics[0].histogram.dataPoints[1]',
        reason: expect.stringContaining('timeUnixNano'),
      },
      {
        path: 'resourceMetrics[0].scopeMetrics[0].metrics[1]',
        reason: expect.stringContaining('has no gauge'),
      },
      {
        path: 'resourceMetrics[0].scopeMetrics[0].metrics[2].exponentialHistogram.dataPoints[0]',
        reason: expect.stringContaining('scale must be'),
      },
    ])
    expect(result.samples.filter((s) => s.name === 'h_count')).toHaveLength(1)
    expect(result.samples.some((s) => s.name === 'skip')).toBe(false)
  })
})
