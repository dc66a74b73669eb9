/**
 * How every long-running command (serve, demo, mock-server, probe) stops: on SIGINT, SIGTERM or
 * SIGHUP it shuts down cleanly (listeners closed, store flushed and unlocked) and exits 0; a
 * second signal while it does so exits at once with 128 + the signal's number, as a shell
 * reports a process killed by that signal. docs/cli.md, "Signals".
 */
import { constants } from 'node:os'

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
type StopSignal = (typeof STOP_SIGNALS)[number]

/** 130, 143, 129: the exit code of a process cut short by this signal. */
function exitCodeOfSignal(signal: StopSignal): number {
  return 128 + constants.signals[signal]
}

/**
 * A stop signal forwarded by the launcher (bin/malloc-arenas.js) and the same signal received
 * directly within this window are one request: a process manager that signals the whole group
 * (systemd's default) reaches both processes at once, and two signals would cut the shutdown.
 */
const SAME_REQUEST_MS = 1000

type StopSource = 'signal' | 'launcher'

/**
 * Passes on each stop request once: the launcher's forward of a signal that also came directly
 * (either first) within `SAME_REQUEST_MS` is dropped.
 */
export function dedupeStopRequests(
  onRequest: (signal: StopSignal) => void,
  nowMs: () => number = Date.now
): (signal: StopSignal, source: StopSource) => void {
  let last: { signal: StopSignal; source: StopSource; atMs: number } | null = null
  return (signal, source) => {
    const at = nowMs()
    if (
      last !== null &&
      last.signal === signal &&
      last.source !== source &&
      at - last.atMs < SAME_REQUEST_MS
    ) {
      last = null
      return
    }
    last = { signal, source, atMs: at }
    onRequest(signal)
  }
}

function isStopSignal(value: unknown): value is StopSignal {
  return (STOP_SIGNALS as readonly unknown[]).includes(value)
}

/** Whether the launcher started this process and forwards stop signals over IPC. */
function forwardedByLauncher(): boolean {
  return process.env['TOKENLINE_LAUNCHER_IPC'] === '1' && process.send !== undefined
}

/**
 * Calls `onStop` on the first stop signal; a further one exits the process at once (the clean
 * shutdown is cut). Returns the function that removes the handlers again.
 */
export function onStopSignal(onStop: (signal: StopSignal) => void): () => void {
  let stopping = false
  const take = dedupeStopRequests((signal) => {
    if (stopping) {
      process.exit(exitCodeOfSignal(signal))
    }
    stopping = true
    onStop(signal)
  })
  const handle = (signal: StopSignal): void => take(signal, 'signal')
  const message = (m: unknown): void => {
    const signal = (m as { stopSignal?: unknown } | null)?.stopSignal
    if (isStopSignal(signal)) {
      take(signal, 'launcher')
    }
  }
  for (const signal of STOP_SIGNALS) {
    process.on(signal, handle)
  }
  const viaLauncher = forwardedByLauncher()
  if (viaLauncher) {
    process.on('message', message)
    // A listener refs the channel; the server's own handles keep it running, not the channel.
    process.channel?.unref()
  }
  return () => {
    for (const signal of STOP_SIGNALS) {
      process.off(signal, handle)
    }
    if (viaLauncher) {
      process.off('message', message)
    }
  }
}

/**
 * Resolves with the first stop signal; the handlers are in place from this call on, so a
 * command that calls it before it starts listening cannot be killed between saying it is ready
 * and handling signals (the default action of SIGTERM would end it with nothing closed).
 */
export function whenStopRequested(): Promise<StopSignal> {
  return new Promise((resolve) => onStopSignal(resolve))
}

/** Waits for a stop signal, then runs `close` once (a second signal during it exits at once). */
export async function closeOnSignal(close: () => Promise<void>): Promise<void> {
  await whenStopRequested()
  await close()
}
