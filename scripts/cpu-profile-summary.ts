/**
 * Self time of a V8 CPU profile (`node --cpu-prof`) summed by source file and by function, the
 * largest first: which step of a bench's work the event loop's thread spent its samples in.
 *
 *   npx tsx scripts/cpu-profile-summary.ts /tmp/prof/CPU.….cpuprofile [--top 40]
 *   npx tsx scripts/cpu-profile-summary.ts PROFILE --marks FILE   # by function, per stage
 *
 * `--marks FILE` (lines of start µs, end µs and a name, tab-separated, on the profile's clock, as
 * `bench/ingest-cost.bench.ts --marks` writes them) adds, per marked stage, the busy samples
 * by function (idle left out) with each one's share of the stage.
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

interface Profile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const path = process.argv[2]
if (path === undefined || path.startsWith('--')) {
  throw new Error('expected the path of a .cpuprofile file as the first argument')
}
const topAt = process.argv.indexOf('--top')
const top = topAt === -1 ? 30 : Number(process.argv[topAt + 1])
if (!Number.isInteger(top) || top <= 0) {
  throw new Error(`--top must be a positive integer (actual: ${process.argv[topAt + 1]})`)
}
const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const byFile = new Map<string, number>()
const byFunction = new Map<string, number>()
let totalUs = 0
profile.samples.forEach((id, i) => {
  const node = byId.get(id)
  const us = profile.timeDeltas[i] ?? 0
  if (node === undefined) {
    return
  }
  totalUs += us
  const { url, functionName, lineNumber } = node.callFrame
  const file =
    url === ''
      ? `(${functionName || 'native'})`
      : url.replace(/^.*\/(src|bench|node_modules)\//, '$1/')
  byFile.set(file, (byFile.get(file) ?? 0) + us)
  const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us)
})

const print = (title: string, table: Map<string, number>): void => {
  console.log(`\n${title}`)
  for (const [name, us] of [...table].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${(us / 1e6).toFixed(2).padStart(7)} s ${((us / totalUs) * 100).toFixed(1).padStart(5)} %  ${name}`
    )
  }
}
console.log(`${(totalUs / 1e6).toFixed(2)} s sampled`)
print('self time by file', byFile)
print('self time by function', byFunction)

const marksAt = process.argv.indexOf('--marks')
if (marksAt !== -1) {
  const marksPath = process.argv[marksAt + 1]
  if (marksPath === undefined) {
    throw new Error('--marks needs the path of a marks file')
  }
  const stages = readFileSync(marksPath, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [start, end, name] = line.split('\t')
      return {
        start: Number(start),
        end: Number(end),
        name: name ?? '',
        byFunction: new Map<string, number>(),
      }
    })
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0
    const node = byId.get(id)
    const stage = stages.find((s) => at >= s.start && at < s.end)
    if (node === undefined || stage === undefined || node.callFrame.functionName === '(idle)') {
      return
    }
    const { url, functionName } = node.callFrame
    const file = url === '' ? '' : ` ${url.replace(/^.*\/(src|bench|node_modules)\//, '$1/')}`
    const fn = `${functionName || '(anonymous)'}${file}`
    stage.byFunction.set(fn, (stage.byFunction.get(fn) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  for (const stage of stages) {
    const busyUs = [...stage.byFunction.values()].reduce((a, b) => a + b, 0)
    console.log(`\n${stage.name}: ${(busyUs / 1e3).toFixed(0)} ms busy`)
    for (const [name, us] of [...stage.byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((us / busyUs) * 100).toFixed(1).padStart(5)} %  ${name}`)
    }
  }
}
