import { createProgram } from './program.js'
import { reportError } from './report-error.js'

async function main(): Promise<void> {
  try {
    await createProgram().parseAsync(process.argv)
  } catch (err) {
    reportError(err)
  }
}

await main()
