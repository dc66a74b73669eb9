import { watchLauncher } from './launcher-watch.js'
import { createProgramFor } from './program-for-argv.js'
import { reportError } from './report-error.js'

async function main(): Promise<void> {
  watchLauncher()
  try {
    await (await createProgramFor(process.argv)).parseAsync(process.argv)
  } catch (err) {
    reportError(err)
  }
}

await main()
