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
 * Calls `onStop` on the first stop signal; a further one exits the process at once (the clean
 * shutdown is cut). Returns the function that removes the handlers again.
 */
export function onStopSignal(onStop: (signal: StopSignal) => void): () => void {
  let stopping = false
  const handle = (signal: StopSignal): void => {
    if (stopping) {
      process.exit(exitCodeOfSignal(signal))
    }
    stopping = true
    onStop(signal)
  }
  for (const signal of STOP_SIGNALS) {
    process.on(signal, handle)
  }
  return () => {
    for (const signal of STOP_SIGNALS) {
      process.off(signal, handle)
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
