import { watchLauncher } from './launcher-watch.js'
import { createProgram } from './program.js'
import { reportError } from './report-error.js'

async function main(): Promise<void> {
  watchLauncher()
  try {
    await createProgram().parseAsync(process.argv)
  } catch (err) {
    reportError(err)
  }
}

await main()
