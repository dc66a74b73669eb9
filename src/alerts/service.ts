/**
 * The SLO service of a running server: owns the SLO store, the evaluator, the sample keeper, the
 * notifier and retention, and runs them on one background loop driven by an injected clock.
 * Nothing here throws into the event loop: every failure goes to the logger.
 */
import type { Logger } from '../core/logger.js'
import type { Micros } from '../core/model/units.js'
import type { SloStore } from '../storage/slo-store.js'
import type { SpanStore } from '../storage/span-store.js'
import type { SloSettings } from '../config/slo.js'
import { createAlertDiagnosis, type DiagnoseAlert } from './diagnose-alert.js'
import { createRecoveryExplainer, type ExplainRecovery } from './explain-recovery.js'
import { createSloEvaluator, type SloEvaluator } from './evaluator.js'
import { createNotifier, type Notifier } from './notifier.js'
import { createRetention, type Retention } from './retention.js'
import { createSampleKeeper, type SampleKeeper } from './sample-keeper.js'

export interface SloServiceOptions {
  store: SpanStore
  /** Where alert states and samples persist (chosen by the composition root). */
  sloStore: SloStore
  /** The resolved `slo`, `alerts` and `retention` sections (`ResolvedConfig.slo`). */
  settings: SloSettings
  logger: Logger
  /** Epoch milliseconds. */
  now: () => number
  /** Overrides for tests. */
  diagnose?: DiagnoseAlert
  explainRecovery?: ExplainRecovery
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
}

export interface SloService {
  readonly settings: SloSettings
  readonly sloStore: SloStore
  readonly evaluator: SloEvaluator
  readonly notifier: Notifier
  readonly sampleKeeper: SampleKeeper
  readonly retention: Retention
  /** Starts the background loop (no-op when already started). */
  start(): void
  /** Runs one evaluation, sampling and (when due) retention pass now. */
  tick(): Promise<void>
  /** Stops the loop and waits for the running pass and queued deliveries. */
  stop(): Promise<void>
  /** Passes of the evaluation loop since start, and how many of them failed. */
  stats(): { evaluations: number; evaluationFailures: number }
}

/**
 * Validates the configuration (throws ConfigError) and prepares the service; `start()` begins
 * the loop. Call before binding listeners so a bad config fails the start.
 */
export async function createSloService(options: SloServiceOptions): Promise<SloService> {
  const { store, logger } = options
  const { settings } = options
  const { sloStore } = options
  const notifier = createNotifier({
    webhooks: settings.notify.webhooks,
    logger,
    externalUrl: settings.notify.externalUrl,
    now: options.now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  })
  const evaluator = await createSloEvaluator({
    store,
    sloStore,
    settings,
    logger,
    diagnose: options.diagnose ?? createAlertDiagnosis(store, settings.notify.topFindings),
    explainRecovery: options.explainRecovery ?? createRecoveryExplainer(store),
    onTransition: (n) => notifier.notify(n),
  })
  const sampleKeeper = createSampleKeeper({ store, sloStore, settings, logger })
  const retention = createRetention({ store, sloStore, settings: settings.retention, logger })
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> | null = null
  let stopped = false
  let lastRetentionMs = Number.NEGATIVE_INFINITY
  const loopStats = { evaluations: 0, evaluationFailures: 0 }

  const failed = (what: string) => (err: unknown) => {
    logger.error(`${what} failed`, {
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    })
  }

  async function pass(): Promise<void> {
    const nowMs = options.now()
    const nowUs = (nowMs * 1000) as Micros
    await evaluator.evaluateUntil(nowUs).then(
      () => {
        loopStats.evaluations++
      },
      (err: unknown) => {
        loopStats.evaluationFailures++
        failed('SLO evaluation')(err)
      }
    )
    notifier.resend(evaluator.alerts())
    await sampleKeeper.keepUntil(nowUs).catch(failed('slow-request sampling'))
    if (nowMs - lastRetentionMs >= settings.retention.intervalMs) {
      lastRetentionMs = nowMs
      await retention.runOnce(nowMs).catch(failed('retention'))
    }
  }

  function tick(): Promise<void> {
    // One pass at a time: a slow store must not stack passes up.
    running ??= pass().finally(() => {
      running = null
    })
    return running
  }

  function schedule(): void {
    if (stopped) {
      return
    }
    timer = setTimeout(() => {
      void tick().catch(failed('SLO loop')).finally(schedule)
    }, settings.evaluation.intervalMs)
    timer.unref?.()
  }

  return {
    settings,
    sloStore,
    evaluator,
    notifier,
    sampleKeeper,
    retention,
    start() {
      if (timer !== null || stopped) {
        return
      }
      schedule()
    },
    tick,
    async stop() {
      stopped = true
      if (timer !== null) {
        clearTimeout(timer)
      }
      timer = null
      await running?.catch(() => undefined)
      await notifier.idle()
    },
    stats() {
      return { ...loopStats }
    },
  }
}
