/**
 * Composition root of `tokenline serve` (and the serving half of `tokenline demo`): opens the
 * store, builds the ingest pipeline, binds the OTLP and UI/API listeners, writes the lock file
 * that lets other CLI processes find this server, and starts scraping.
 */
import { AppError, errorMessage } from '../core/errors.js'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { ServerType } from '@hono/node-server'
import type { Logger } from '../core/logger.js'
import { asMicros } from '../core/model/units.js'
import type { ResolvedConfig } from '../config/schema.js'
import { createIngestPipeline } from '../ingest/pipeline/pipeline.js'
import { createScraper } from '../ingest/scrape/scraper.js'
import type { IngestSink } from '../ingest/pipeline/types.js'
import { createDuckDbStore, duckDbSharedOf } from '../storage/duckdb/duckdb-store.js'
import { splitMemoryBudget } from '../ingest/admission/memory-budget.js'
import { createClockSkewTracker } from './clock-skew.js'
import { startLoopLag } from './loop-lag.js'
import { createIngestTraffic } from './ingest-traffic.js'
import { createClickHouseSloStore } from '../storage/clickhouse/slo-store.js'
import { createDuckDbSloStore } from '../storage/duckdb/slo-store.js'
import { createMemorySloStore } from '../storage/memory/slo-store.js'
import type { SloStore } from '../storage/slo-store.js'
import { removeServerLock, writeServerLock } from '../storage/duckdb/lock.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import { startCollectorAssembler } from '../storage/clickhouse/assembler.js'
import { openClickHouseStore } from '../storage/clickhouse/open.js'
import type { SpanStore } from '../storage/span-store.js'
import { createSloService, type SloService } from '../alerts/service.js'
import { createAlertDiagnosis } from '../alerts/diagnose-alert.js'
import { createApp } from './app.js'
import {
  closeListener,
  listen,
  readTlsFiles,
  securityFromConfig,
  securityWarnings,
  urlOf,
} from './listen.js'
import { createOtlpApp } from './otlp-app.js'
import { createDecodePool, type OtlpDecoder } from '../ingest/otlp/decode-pool.js'
import { startOtlpGrpcListener, type OtlpGrpcListener } from './otlp-grpc-listener.js'
import { createServerMetrics, createTelemetry } from './metrics/server-metrics.js'
import { collectGarbage } from '../ingest/admission/collect-garbage.js'
import type { ScrapeOutcome } from '../ingest/scrape/scraper.js'
import { lastHourToWarm, requestRollupOf } from '../storage/rollup/request-rollup.js'

export const VERSION = '0.1.0'

/** How far back from the newest data start-up looks for unassembled traces. */
const RECOVER_WINDOW_US = 6 * 3600 * 1_000_000
/**
 * DuckDB's own checkpoint threshold as a multiple of the writer's: it checkpoints inside a commit
 * only when the writer's checkpoint has failed or was never asked for (ADR 0294).
 */
const AUTO_CHECKPOINT_FACTOR = 2

export interface RunningServer {
  apiUrl: string
  otlpUrl: string
  /** `http://host:port` of the OTLP/gRPC listener, `null` when disabled (`otlpGrpcPort` -1). */
  otlpGrpcUrl: string | null
  store: SpanStore
  ingest: IngestSink
  /** SLO evaluation, alerts, samples and retention (docs/slo.md). */
  slo: SloService
  close(): Promise<void>
}

export interface StartServerOptions {
  /** Folder of the built dashboard (`dist/web`), when it exists. */
  webRoot?: string
  /** Use these stores instead of opening the configured ones (the caller closes them). */
  stores?: OpenedStores
  /** Clock of the SLO loop, epoch ms (tests drive time with it; default Date.now). */
  sloNow?: () => number
}

export interface OpenedStores {
  store: SpanStore
  /** Alert states and samples, kept beside the spans (same DuckDB file, or memory). */
  sloStore: SloStore
}

/**
 * Opens the configured stores (creating the folder of a DuckDB file). The ClickHouse password
 * comes from the environment only (TOKENLINE_CLICKHOUSE_PASSWORD), never from a file.
 */
export async function openConfiguredStores(
  config: ResolvedConfig,
  env: Record<string, string | undefined> = process.env,
  logger?: Logger
): Promise<OpenedStores> {
  if (config.store.kind === 'clickhouse') {
    const ch = config.clickhouse
    if (ch.url === '') {
      throw new AppError(
        'CONFIG_INVALID',
        'expected clickhouse.url (or --store clickhouse://host:8123) with store.kind clickhouse, got none'
      )
    }
    const password = env['TOKENLINE_CLICKHOUSE_PASSWORD']
    const store = await openClickHouseStore({
      url: ch.url,
      database: ch.database,
      ...(ch.user !== '' ? { username: ch.user } : {}),
      ...(password !== undefined && password !== '' ? { password } : {}),
      ...(ch.caFile !== '' ? { caFile: ch.caFile } : {}),
      ttlDays: ch.ttlDays,
      ...(logger === undefined ? {} : { logger }),
      tables: {
        traces: ch.tracesTable,
        metricsGauge: ch.metricsGaugeTable,
        metricsSum: ch.metricsSumTable,
        metricsHistogram: ch.metricsHistogramTable,
      },
    })
    // Alert states, history and samples live beside the requests (migration 2, ADR 0101).
    return { store, sloStore: createClickHouseSloStore(store) }
  }
  if (config.store.kind === 'memory' || config.store.path === ':memory:') {
    return { store: createMemoryStore(), sloStore: createMemorySloStore() }
  }
  await mkdir(dirname(config.store.path), { recursive: true })
  // DuckDB's share of the one memory budget (ADR 0130); its default is 80 % of the host's RAM.
  const budget = splitMemoryBudget(config.ingest.memoryLimitBytes)
  const store = await createDuckDbStore({
    path: config.store.path,
    memoryLimitBytes: budget.duckDbBytes,
    // The ingest writer checkpoints at budget.checkpointBytes of WAL itself, between rounds with
    // admission closed (ADR 0294); DuckDB's own, inside whichever commit passes its threshold,
    // is left as the backstop for when the writer's cannot run.
    checkpointThresholdBytes: AUTO_CHECKPOINT_FACTOR * budget.checkpointBytes,
    threads: config.store.duckDbThreads,
  })
  try {
    return { store, sloStore: await createDuckDbSloStore(store) }
  } catch (err) {
    await store.close()
    throw err
  }
}

/** Starts both listeners; resolves once they are bound (ports may be 0). */
export async function startServer(
  config: ResolvedConfig,
  logger: Logger,
  options: StartServerOptions = {}
): Promise<RunningServer> {
  // Read before anything opens: a bad token or TLS file stops start-up with a clear error.
  const security = await securityFromConfig(config)
  const tls = await readTlsFiles(config)
  for (const warning of securityWarnings(config, security)) {
    logger.warn(warning)
  }
  const ownsStore = options.stores === undefined
  const { store, sloStore } =
    options.stores ?? (await openConfiguredStores(config, process.env, logger))
  const onBackgroundError = (err: unknown): void => {
    logger.error('background task failed', {
      error: errorMessage(err),
    })
  }
  // Wraps the store writes and the sinks of each receiver for GET /metrics (ADR 0140).
  const telemetry = createTelemetry(config.metrics, () => Date.now())
  const shared = duckDbSharedOf(store)
  const checkpointBytes = splitMemoryBudget(config.ingest.memoryLimitBytes).checkpointBytes
  const storeCheckpoint =
    shared === null || checkpointBytes <= 0
      ? undefined
      : {
          isDue: async () => (await shared.walBytes()) >= checkpointBytes,
          run: () => shared.checkpoint(),
        }
  const ingest = createIngestPipeline({
    store: telemetry.instrumentStore(store),
    logger,
    now: () => Date.now(),
    quietMs: config.ingest.quietMs,
    maxQueueItems: config.ingest.maxQueueItems,
    maxQueueSpans: config.ingest.maxQueueSpans,
    maxQueueBytes: config.ingest.maxQueueBytes,
    maxQueueDelayMs: config.ingest.maxQueueDelayMs,
    maxInFlightBytes: config.ingest.maxInFlightBytes,
    memoryLimitBytes: config.ingest.memoryLimitBytes,
    // Above the soft limit: a full collection frees the garbage of the batches already handled
    // (a refusing server allocates too little for V8 to collect on its own), and a checkpoint
    // the rows DuckDB holds since the last one (ADR 0130, 0256).
    relieveMemory: async () => {
      collectGarbage()
      if (storeCheckpoint === undefined) {
        await shared?.checkpoint()
      }
    },
    ...(storeCheckpoint === undefined ? {} : { storeCheckpoint }),
    keepContent: config.ingest.keepContent,
    llmRoutes: config.ingest.llmRoutes,
    onBackgroundError,
  })
  // Spans committed just before a crash may never have been assembled: queue them again. The
  // extent and the metric names are kept by the store once read (ADR 0392), and so are the SLO
  // store's counts (ADR 0413): read before the server listens, the page's first look finds them
  // without a scan of any table.
  const [extent] = await Promise.all([
    store.extent(),
    store.listMetrics(),
    sloStore.stats().catch(onBackgroundError),
  ])
  if (extent !== null) {
    // The dashboard's default view is the data's last hour: its rollup buckets are read now, in
    // the background, so the first page does not wait for a scan of its rows (ADR 0210, 0392).
    const warm = lastHourToWarm(extent.endUs)
    requestRollupOf(store)?.warm(warm.fromUs, warm.toUs, warm.stepUs).catch(onBackgroundError)
    const recovered = await ingest.recover(asMicros(extent.endUs - RECOVER_WINDOW_US))
    if (recovered > 0) {
      logger.info('re-assembling traces left unassembled by the last run', { traces: recovered })
    }
  }
  const alertDiagnosis = createAlertDiagnosis(store, config.slo.notify.topFindings)
  let slo: SloService
  try {
    slo = await createSloService({
      store,
      sloStore,
      settings: config.slo,
      logger,
      now: options.sloNow ?? (() => Date.now()),
      diagnose: (input) => telemetry.timeDiagnosis('alert', () => alertDiagnosis(input)),
    })
  } catch (err) {
    await ingest.close()
    if (ownsStore) {
      await store.close()
    }
    throw err
  }
  const decoderRef: { current: OtlpDecoder | null } = { current: null }
  // Filled once the scraper runs; /metrics reads it at each scrape.
  const scrapeStatus: { read: () => readonly (ScrapeOutcome | null)[] } = { read: () => [] }
  const metrics = createServerMetrics({
    store,
    slo,
    logger,
    now: () => Date.now(),
    settings: config.metrics,
    version: VERSION,
    scrapeStatus: () => scrapeStatus.read(),
    telemetry,
    // The decoder starts after the metrics; until then it has no heap to report.
    decodeWorkerHeap: () => decoderRef.current?.heap() ?? null,
  })
  const deps = {
    store,
    ingest,
    slo,
    metrics,
    logger,
    now: () => Date.now(),
    limits: {
      maxBodyBytes: config.ingest.maxBodyBytes,
      maxFutureSkewMs: config.ingest.maxFutureSkewMs,
      ...config.api,
    },
    security,
    ingestTraffic: createIngestTraffic({ logger, now: () => Date.now() }),
    clockSkew: createClockSkewTracker(),
    version: VERSION,
    ...(options.webRoot === undefined ? {} : { webRoot: options.webRoot }),
    ...(config.store.kind === 'duckdb' && config.store.path !== ':memory:' && ownsStore
      ? { diagnosisFile: `${config.store.path}.diagnoses.json` }
      : {}),
  }
  const decoder = createDecodePool({ workers: config.ingest.decodeWorkers })
  decoderRef.current = decoder
  await warmUp(decoder)
  const loopLag = startLoopLag()
  const otlpDeps = { ...deps, decoder, loopLagMs: () => loopLag.lastMs() }
  const listeners: ServerType[] = []
  // Closed with the HTTP listeners; an array so the error path closes whatever was bound.
  const grpcListeners: OtlpGrpcListener[] = []
  try {
    const grpc = await startOtlpGrpcListener(
      { ...otlpDeps, ingest: telemetry.instrumentSink(ingest, 'otlp', 'grpc') },
      {
        host: config.server.host,
        otlpGrpcPort: config.server.otlpGrpcPort,
        maxConnections: config.server.maxConnections,
        maxConnectionsPerIp: config.server.maxConnectionsPerIp,
        maxConcurrentStreams: config.server.grpcMaxConcurrentStreams,
        keepaliveTimeMs: config.server.grpcKeepaliveTimeMs,
        keepaliveTimeoutMs: config.server.grpcKeepaliveTimeoutMs,
        maxConnectionIdleMs: config.server.grpcMaxConnectionIdleMs,
        maxConnectionAgeMs: config.server.grpcMaxConnectionAgeMs,
      },
      tls
    )
    grpcListeners.push(grpc)
    const otlp = await listen(
      createOtlpApp({ ...otlpDeps, ingest: telemetry.instrumentSink(ingest, 'otlp', 'http') }),
      config.server.otlpPort,
      config.server.host,
      config.server,
      tls
    )
    listeners.push(otlp)
    const api = await listen(
      createApp({ ...deps, ingest: telemetry.instrumentSink(ingest, 'api', 'http') }),
      config.server.apiPort,
      config.server.host,
      config.server,
      tls
    )
    listeners.push(api)
    const apiUrl = urlOf(api, config.server.host, tls !== null)
    const otlpUrl = urlOf(otlp, config.server.host, tls !== null)
    const persistent =
      config.store.kind === 'duckdb' && config.store.path !== ':memory:' && ownsStore
    if (persistent) {
      await writeServerLock(config.store.path, { pid: process.pid, apiUrl, otlpUrl })
    }
    const scraper =
      config.scrape.targets.length > 0
        ? createScraper({
            targets: [...config.scrape.targets],
            intervalMs: config.scrape.intervalMs,
            timeoutMs: config.scrape.timeoutMs,
            maxFutureSkewMs: config.ingest.maxFutureSkewMs,
            sink: telemetry.instrumentSink(ingest, 'prometheus', 'http'),
            logger,
            now: () => Date.now(),
          })
        : null
    if (scraper !== null) {
      scrapeStatus.read = () => scraper.status()
    }
    // Collector-native mode: assemble the requests of spans a Collector writes (ADR 0037).
    const assembler =
      config.store.kind === 'clickhouse' && config.clickhouse.assemble
        ? startCollectorAssembler(store, {
            now: () => Date.now(),
            intervalMs: Math.max(1000, Math.floor(config.ingest.quietMs / 2)),
            quietMs: config.ingest.quietMs,
            lookbackMs: config.clickhouse.assembleLookbackMs,
            onError: onBackgroundError,
          })
        : null
    slo.start()
    let closed = false
    return {
      apiUrl,
      otlpUrl,
      otlpGrpcUrl: grpc.url,
      store,
      ingest,
      slo,
      async close() {
        if (closed) {
          return
        }
        closed = true
        await scraper?.stop()
        await assembler?.stop()
        await slo.stop()
        await Promise.all([...listeners.map(closeListener), ...grpcListeners.map((g) => g.close())])
        await decoder.close()
        loopLag.close()
        await ingest.close()
        deps.ingestTraffic.close()
        if (ownsStore) {
          await store.close()
        }
        if (persistent) {
          await removeServerLock(config.store.path)
        }
      },
    }
  } catch (err) {
    deps.ingestTraffic.close()
    await slo.stop()
    await Promise.all([...listeners.map(closeListener), ...grpcListeners.map((g) => g.close())])
    await decoder.close()
    loopLag.close()
    await ingest.close()
    if (ownsStore) {
      await store.close()
    }
    throw err
  }
}

/** Longest wait for the decode workers to load before the listeners open anyway (ms). */
const WARM_UP_MS = 10_000

/**
 * Waits until every decode worker has loaded its modules, by decoding an empty body on each. A
 * worker loads them on its first job otherwise, and on a busy host that took seconds: the first
 * exports waited past their read-and-decode budget and were refused.
 */
async function warmUp(decoder: OtlpDecoder): Promise<void> {
  const empty = new TextEncoder().encode('{}')
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    Promise.allSettled(
      Array.from({ length: decoder.workers }, () => decoder.traces('json', empty.slice()))
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, WARM_UP_MS))),
  ])
  clearTimeout(timer)
}
