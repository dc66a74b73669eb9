import { describe, expect, it } from 'vitest'
import { isAppError } from '../../core/errors.js'
import { resolveScrapeTarget, type ScrapeTargetSpec } from './target.js'

describe('resolveScrapeTarget', () => {
  it.each<[ScrapeTargetSpec, string, string, string | null, Record<string, string>]>([
    ['10.0.0.5:8000', 'http://10.0.0.5:8000/metrics', '10.0.0.5:8000', null, {}],
    [
      'http://10.0.0.5:8000/metrics?match[]=up',
      'http://10.0.0.5:8000/metrics?match[]=up',
      '10.0.0.5:8000',
      null,
      {},
    ],
    [
      'vllm-0=http://10.0.0.5:8000/metrics',
      'http://10.0.0.5:8000/metrics',
      '10.0.0.5:8000',
      'vllm-0',
      { replica: 'vllm-0' },
    ],
    [
      'vllm-0=10.0.0.5:8000  node=gpu-3 zone=eu-1',
      'http://10.0.0.5:8000/metrics',
      '10.0.0.5:8000',
      'vllm-0',
      { node: 'gpu-3', zone: 'eu-1', replica: 'vllm-0' },
    ],
    [
      'https://[::1]:9400 node=gpu-3',
      'https://[::1]:9400/metrics',
      '[::1]:9400',
      null,
      { node: 'gpu-3' },
    ],
    [
      { url: 'sglang.internal:30000', replica: 'sglang-a', labels: { node: 'n1' } },
      'http://sglang.internal:30000/metrics',
      'sglang.internal:30000',
      'sglang-a',
      { node: 'n1', replica: 'sglang-a' },
    ],
  ])('%j', (spec, url, instance, replica, labels) => {
    expect(resolveScrapeTarget(spec)).toEqual({ url, instance, replica, labels })
  })

  it.each([
    ['vllm 0=http://a', '"0" is not a label the target may set'],
    ['vllm-0=', 'is not a URL or host:port'],
    ['http://a job=x', '"job" is not a label the target may set'],
    ['http://a 1x=y', '"1x" is not a label the target may set'],
    ['_x=http://a', 'replica name "_x"'],
  ])('refuses %j', (spec, reason) => {
    let err: unknown
    try {
      resolveScrapeTarget(spec)
    } catch (e) {
      err = e
    }
    expect(isAppError(err) && err.code).toBe('CONFIG_INVALID')
    expect((err as Error).message).toContain(reason)
    expect((err as Error).message).toContain(JSON.stringify(spec))
  })
})
