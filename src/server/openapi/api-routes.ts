/**
 * Every `/api/*` route with the zod schemas of its parameters: the source of
 * `GET /api/openapi.json` (docs/api.md). The window, step and filter parameters use the very
 * schemas `params.ts` validates with; the others repeat the handler's schema from the same
 * constants (measures, dimensions, event kinds). A test checks that this table and the routes the
 * app registers are the same set, and that each documented enum or number parameter is really
 * validated by its route (ADR 0141).
 */
import { z } from 'zod'
import { DIMENSIONS, DURATION_MEASURES } from '../../core/model/request.js'
import { EVENT_KINDS } from '../../core/model/event.js'
import { durationSchema, instantSchema, windowModeSchema } from '../params.js'
import { DURATION_MEASURE_NAMES, PERCENTILE_MEASURES, SORT_MEASURES } from '../routes/measures.js'

export interface QueryParam {
  name: string
  schema: z.ZodType
  description: string
  /** Given more than once (or comma-separated) to mean several values. */
  repeatable?: boolean
  required?: boolean
}

export interface ApiRoute {
  method: 'get' | 'post'
  /** Hono's form: `/api/requests/:traceId`. */
  path: string
  summary: string
  tag: string
  query?: readonly QueryParam[]
  /** Path parameters, by name. */
  pathParams?: Readonly<Record<string, { schema: z.ZodType; description: string }>>
  body?: { contentTypes: readonly string[]; description: string }
  /** The success answer. */
  response: { contentType: string; description: string; schema?: z.ZodType }
}

const WINDOW: readonly QueryParam[] = [
  {
    name: 'from',
    schema: instantSchema,
    description: 'Window start: RFC 3339 or epoch milliseconds.',
  },
  { name: 'to', schema: instantSchema, description: 'Window end (exclusive); default now.' },
  {
    name: 'since',
    schema: durationSchema,
    description: 'Window as a duration back from now (30m, 2h, 7d); not with from.',
  },
  {
    name: 'window',
    schema: windowModeSchema,
    description: 'all: the stored data extent; default: the last 30 minutes.',
  },
]

const FILTERS: readonly QueryParam[] = DIMENSIONS.map((d) => ({
  name: d,
  schema: z.string(),
  description: `Keep requests whose ${d} is one of these values.`,
  repeatable: true,
}))

const STEP: QueryParam = {
  name: 'step',
  schema: durationSchema,
  description: 'Bucket width (10s, 1m, 1h); default about 120 buckets over the window.',
}

const choice = (values: readonly string[]) => z.enum(values as [string, ...string[]])
const TRACE_ID = {
  traceId: { schema: z.string().regex(/^[0-9a-fA-F]{32}$/), description: '32 hex digits.' },
}
const JSON_OBJECT = (description: string) => ({ contentType: 'application/json', description })

/** The API, in the order of docs/api.md. */
export const API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Version, uptime, store and ingest counters, data extent',
    tag: 'server',
    response: JSON_OBJECT('Server health.'),
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'server',
    response: JSON_OBJECT('The OpenAPI 3.1 document of the API.'),
  },
  {
    method: 'get',
    path: '/api/requests',
    summary: 'Requests in the window, sorted and paged',
    tag: 'requests',
    query: [
      ...WINDOW,
      ...FILTERS,
      {
        name: 'sort',
        schema: choice(SORT_MEASURES),
        description: 'Sort key.',
      },
      { name: 'dir', schema: z.enum(['asc', 'desc']), description: 'Sort order (default desc).' },
      {
        name: 'limit',
        schema: z.coerce.number().int().min(1),
        description: 'Rows (default 50, at most api.maxRows).',
      },
      { name: 'offset', schema: z.coerce.number().int().min(0), description: 'Rows to skip.' },
      {
        name: 'range_measure',
        schema: choice(PERCENTILE_MEASURES),
        description: 'Keep requests whose measure lies in [min_ms, max_ms).',
      },
      { name: 'min_ms', schema: z.coerce.number().nonnegative(), description: 'Lower bound.' },
      { name: 'max_ms', schema: z.coerce.number().nonnegative(), description: 'Upper bound.' },
    ],
    response: JSON_OBJECT('A page of request timelines.'),
  },
  {
    method: 'get',
    path: '/api/requests/:traceId',
    summary: 'One request with its spans',
    tag: 'requests',
    pathParams: TRACE_ID,
    response: JSON_OBJECT('The request timeline and its spans.'),
  },
  {
    method: 'get',
    path: '/api/percentiles',
    summary: 'Exact quantiles per measure, optionally per group and time bucket',
    tag: 'requests',
    query: [
      ...WINDOW,
      ...FILTERS,
      {
        name: 'measure',
        schema: choice(PERCENTILE_MEASURES),
        description: 'Measures (default ttft, tpot, e2e).',
        repeatable: true,
      },
      {
        name: 'q',
        schema: z.coerce.number().min(0).max(1),
        description: 'Quantiles in 0..1 (default 0.5, 0.9, 0.95, 0.99).',
        repeatable: true,
      },
      { name: 'group_by', schema: z.enum(DIMENSIONS), description: 'One row per value.' },
      STEP,
      {
        name: 'approx',
        schema: z.enum(['true', 'false']),
        description:
          "true: answered from the store's rollup when it can (ttft, tpot, itl_max, e2e; no group_by), within relative_error of the exact values.",
      },
    ],
    response: JSON_OBJECT('Quantiles, and their relative error bound (0 when exact).'),
  },
  {
    method: 'get',
    path: '/api/heatmap',
    summary: 'Request counts per time bucket and latency bucket',
    tag: 'dashboard',
    query: [
      ...WINDOW,
      ...FILTERS,
      { name: 'measure', schema: choice(DURATION_MEASURE_NAMES), description: 'Default ttft.' },
      {
        name: 'buckets',
        schema: z.coerce.number().int().min(2).max(200),
        description: 'Latency buckets.',
      },
      STEP,
      {
        name: 'approx',
        schema: z.enum(['true', 'false']),
        description:
          "true: counted from the store's rollup when it can (ttft, tpot, itl_max, e2e); a value within 1 % of a bucket edge may count in the next bucket.",
      },
    ],
    response: JSON_OBJECT('The heatmap.'),
  },
  {
    method: 'get',
    path: '/api/series',
    summary: 'One metric family over the window (raw, rate, histogram_quantile)',
    tag: 'metrics',
    query: [
      { name: 'name', schema: z.string().min(1), description: 'Metric name.', required: true },
      ...WINDOW,
      {
        name: 'fn',
        schema: z.enum(['raw', 'rate', 'histogram_quantile']),
        description: 'Default raw.',
      },
      {
        name: 'q',
        schema: z.coerce.number().min(0).max(1),
        description: 'Quantile of histogram_quantile.',
      },
      STEP,
    ],
    response: JSON_OBJECT('Series; label.NAME=VALUE parameters match labels.'),
  },
  {
    method: 'get',
    path: '/api/metrics',
    summary: 'Metric families stored',
    tag: 'metrics',
    response: JSON_OBJECT('Families with type, help and unit.'),
  },
  {
    method: 'get',
    path: '/api/events',
    summary: 'Change events in the window',
    tag: 'events',
    query: [
      ...WINDOW,
      { name: 'kind', schema: z.enum(EVENT_KINDS), description: 'Kinds.', repeatable: true },
    ],
    response: JSON_OBJECT('Events.'),
  },
  {
    method: 'post',
    path: '/api/events',
    summary: 'Record change events',
    tag: 'events',
    body: {
      contentTypes: ['application/x-ndjson', 'application/json'],
      description: 'JSON Lines of change events, or a Kubernetes event list (CONTRACT §3).',
    },
    response: JSON_OBJECT('Accepted count and rejected lines.'),
  },
  {
    method: 'post',
    path: '/api/import',
    summary: 'Import one file in any supported format',
    tag: 'events',
    query: [
      { name: 'filename', schema: z.string(), description: 'Name that guides format detection.' },
      {
        name: 'mtime',
        schema: z.coerce.number(),
        description:
          'Epoch ms given to samples without a timestamp; default when the upload is received.',
      },
      {
        name: 'timed_start',
        schema: z.coerce.number(),
        description:
          'Epoch ms: start of the timed data imported with this file (with timed_end). Samples without a timestamp are placed within it (ADR 0400).',
      },
      {
        name: 'timed_end',
        schema: z.coerce.number(),
        description: 'Epoch ms: end of the timed data imported with this file (with timed_start).',
      },
    ],
    body: {
      contentTypes: ['application/octet-stream'],
      description: 'The bytes of one file (gzip allowed), at most api.maxImportBytes.',
    },
    response: JSON_OBJECT(
      'The import summary, and timedExtent: { startMs, endMs } of the timed data read, or null.'
    ),
  },
  {
    method: 'get',
    path: '/api/dimensions',
    summary: 'Values of each dimension with request counts',
    tag: 'dashboard',
    query: [...WINDOW, ...FILTERS],
    response: JSON_OBJECT('Values per dimension, most requests first.'),
  },
  {
    method: 'get',
    path: '/api/stages',
    summary: 'Stage shares and durations over the window',
    tag: 'dashboard',
    query: [
      ...WINDOW,
      ...FILTERS,
      STEP,
      {
        name: 'p99',
        schema: choice(['true', 'false']),
        description: 'false: skip the per-stage p99 (p99_ms is null); default true.',
      },
    ],
    response: JSON_OBJECT('Stages.'),
  },
  {
    method: 'get',
    path: '/api/traffic',
    summary: 'Requests and errors per time bucket',
    tag: 'dashboard',
    query: [...WINDOW, ...FILTERS, STEP],
    response: JSON_OBJECT('Traffic.'),
  },
  {
    method: 'get',
    path: '/api/diagnosis',
    summary: 'The CONTRACT §5 diagnosis of the window',
    tag: 'diagnosis',
    query: [
      ...WINDOW,
      ...FILTERS,
      ...(['ttft', 'tpot', 'e2e'] as const).map((m) => ({
        name: `slo_${m}_ms`,
        schema: z.coerce.number().positive(),
        description: `A p99 ${m.toUpperCase()} objective for this request, replacing the configured tiers' (ms).`,
      })),
      {
        name: 'stale',
        schema: z.enum(['allow', 'refresh', 'kept']),
        description:
          'allow: when no current answer is ready, the last one of the window definition at once (headers tokenline-stale: true, tokenline-as-of) while it is recomputed; refresh: the answer of that recomputation; kept: only an answer already held (current, else the last of the window definition, labelled as for allow), never a computation: 204 without a body when none is held.',
      },
      {
        name: 'window_def',
        schema: z.string().min(1).max(64),
        description:
          'With stale=allow or kept: a name for a relative window (range=1h), so its last answer is found although its bounds move.',
      },
    ],
    response: JSON_OBJECT('tokenline.diagnosis/v1.'),
  },
  {
    method: 'get',
    path: '/api/concentration',
    summary: "Which dimension values hold one measure's slow requests",
    tag: 'diagnosis',
    query: [
      ...WINDOW,
      ...FILTERS,
      { name: 'measure', schema: z.enum(DURATION_MEASURES), description: 'Default ttft.' },
      {
        name: 'slow_ms',
        schema: z.coerce.number().positive(),
        description: 'Slow threshold.',
      },
      {
        name: 'slow_from',
        schema: z.coerce.number().nonnegative(),
        description: 'Selection start, epoch ms.',
      },
      {
        name: 'slow_to',
        schema: z.coerce.number().nonnegative(),
        description: 'Selection end, epoch ms.',
      },
      {
        name: 'slow_max_ms',
        schema: z.coerce.number().positive(),
        description: 'Selection upper bound.',
      },
      {
        name: 'stale',
        schema: z.enum(['allow', 'refresh', 'kept']),
        description:
          'As for /api/diagnosis: allow gives the last answer of the window definition at once while it is recomputed; refresh the answer of that recomputation; kept only an answer already held, 204 when none.',
      },
      {
        name: 'window_def',
        schema: z.string().min(1).max(64),
        description:
          'With stale=allow or kept: a name for a relative window, as for /api/diagnosis.',
      },
    ],
    response: JSON_OBJECT(
      'Concentration rows and stage shares; sample {read, requests} when read from a hash sample, else null.'
    ),
  },
  {
    method: 'get',
    path: '/api/slo',
    summary: 'Compliance, error budget and burn rate per tier and objective',
    tag: 'slo',
    query: [...WINDOW, ...FILTERS],
    response: JSON_OBJECT('Tiers.'),
  },
  {
    method: 'get',
    path: '/api/alerts',
    summary: 'Alert states and history',
    tag: 'slo',
    query: [
      {
        name: 'limit',
        schema: z.coerce.number().int().min(0).max(1000),
        description: 'History entries.',
      },
      {
        name: 'state',
        schema: z.enum(['inactive', 'pending', 'firing', 'resolved']),
        description: 'Only alerts in this state.',
      },
    ],
    response: JSON_OBJECT('Alerts and history.'),
  },
  {
    method: 'get',
    path: '/api/samples',
    summary: 'Slow-request samples kept as evidence',
    tag: 'slo',
    query: [
      ...WINDOW,
      ...FILTERS,
      { name: 'kind', schema: z.enum(['slow', 'baseline']), description: 'Sample kind.' },
      { name: 'detail', schema: z.enum(['summary', 'full']), description: 'Default summary.' },
      {
        name: 'limit',
        schema: z.coerce.number().int().min(1).max(500),
        description: 'Rows.',
      },
      {
        name: 'offset',
        schema: z.coerce.number().int().min(0).max(1_000_000),
        description: 'Rows to skip.',
      },
      { name: 'tier', schema: z.string(), description: 'Tiers.', repeatable: true },
    ],
    response: JSON_OBJECT('Samples.'),
  },
  {
    method: 'get',
    path: '/api/samples/:traceId',
    summary: 'One sample with its spans and resource series',
    tag: 'slo',
    pathParams: TRACE_ID,
    response: JSON_OBJECT('The sample.'),
  },
  {
    method: 'get',
    path: '/api/whatif',
    summary: 'The twin fitted to the window, its fit check, and a prediction under changes',
    tag: 'whatif',
    query: [
      ...WINDOW,
      ...(
        [
          ['load', 'Traffic factor, e.g. 1.5x.'],
          ['rate', 'Arrival rate in requests per second.'],
          ['concurrency', 'A closed loop of this many clients.'],
          ['replicas', 'Replica count, absolute or +N/-N.'],
          ['routing', 'least-loaded, round-robin or prefix-aware.'],
          ['max_num_seqs', 'Batch slots per replica.'],
          ['max_tokens_cap', 'Cap on output tokens.'],
          ['split', 'A pool for long prompts, e.g. long-prompts>4k:2.'],
          ['sweep', 'A load range to sweep, e.g. load=1x..3x (needs slo_ttft_ms).'],
        ] as const
      ).map(([name, description]) => ({ name, schema: z.string(), description })),
      {
        name: 'remove_cause',
        schema: z.string(),
        description: "A finding's cause to take away.",
        repeatable: true,
      },
      {
        name: 'runs',
        schema: z.coerce.number().int(),
        description:
          'Seeded runs, 2..20. Absent: 5, or 3 where the first three settle every figure to a tenth of its goal (ADR 0530).',
      },
      { name: 'seed', schema: z.coerce.number().int(), description: 'First seed.' },
      {
        name: 'slo_ttft_ms',
        schema: z.coerce.number().positive(),
        description: 'The TTFT p99 objective a sweep tests (ms).',
      },
    ],
    response: JSON_OBJECT(
      'tokenline.whatif: fit, predicted, per-replica utilisation (docs/whatif.md).'
    ),
  },
  {
    method: 'get',
    path: '/api/compare',
    summary: 'A before/after verdict on two windows, workload-normalised',
    tag: 'whatif',
    query: [
      { name: 'before', schema: z.string(), description: 'FROM..TO (RFC 3339 or epoch ms).' },
      { name: 'after', schema: z.string(), description: 'FROM..TO (RFC 3339 or epoch ms).' },
      { name: 'at', schema: z.string(), description: 'Split around this change event instead.' },
      {
        name: 'span',
        schema: z.string(),
        description: "Each side's length with at (default 30m).",
      },
    ],
    response: JSON_OBJECT('tokenline.compare: per measure, stage and dimension (docs/whatif.md).'),
  },
]
