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
 * Waits for a stop signal, says so through `onStop`, then runs `close` once (a second signal
 * during it exits at once).
 */
export async function closeOnSignal(
  close: () => Promise<void>,
  onStop?: (signal: StopSignal) => void
): Promise<void> {
  await new Promise<void>((resolve) =>
    onStopSignal((signal) => {
      onStop?.(signal)
      resolve()
    })
  )
  await close()
}
