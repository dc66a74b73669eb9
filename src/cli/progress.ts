import cliProgress from 'cli-progress'

export interface Progress {
  /** Fraction done, 0..1. */
  update(fraction: number): void
  stop(): void
}

/** A progress bar on stderr, shown only when stderr is a terminal (never in pipes, CI or tests). */
export function createProgress(label: string): Progress {
  if (!process.stderr.isTTY) {
    return { update: () => {}, stop: () => {} }
  }
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label.padEnd(9)} [{bar}] {percentage}% | {duration_formatted}`,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic
  )
  bar.start(1000, 0)
  return {
    update: (f) => bar.update(Math.round(Math.min(1, Math.max(0, f)) * 1000)),
    stop: () => bar.stop(),
  }
}
