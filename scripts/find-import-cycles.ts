// Lists import cycles among src/ and web/src/ files, type-only imports included (the linter's
// import-x/no-cycle skips those). Exit code 1 when there is one. Run: npx tsx scripts/find-import-cycles.ts
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      return name === 'generated' || name === 'node_modules' ? [] : filesUnder(path)
    }
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [path] : []
  })
}

const files = [...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'web/src'))]
const known = new Set(files)
const edges = new Map<string, string[]>()
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const targets = [...text.matchAll(IMPORT)]
    .map((m) => resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')))
    .filter((t) => known.has(t))
  edges.set(file, targets)
}

// Tarjan's strongly connected components: every component of 2+ files is a cycle.
let index = 0
const indexOf = new Map<string, number>()
const low = new Map<string, number>()
const stack: string[] = []
const onStack = new Set<string>()
const cycles: string[][] = []
function visit(v: string): void {
  indexOf.set(v, index)
  low.set(v, index++)
  stack.push(v)
  onStack.add(v)
  for (const w of edges.get(v) ?? []) {
    if (!indexOf.has(w)) {
      visit(w)
      low.set(v, Math.min(low.get(v)!, low.get(w)!))
    } else if (onStack.has(w)) {
      low.set(v, Math.min(low.get(v)!, indexOf.get(w)!))
    }
  }
  if (low.get(v) === indexOf.get(v)) {
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(relative(ROOT, w))
    } while (w !== v)
    if (component.length > 1) {
      cycles.push(component.sort())
    }
  }
}
for (const f of files) {
  if (!indexOf.has(f)) {
    visit(f)
  }
}
for (const c of cycles) {
  console.log(`cycle: ${c.join(' ↔ ')}`)
}
console.log(`${files.length} files, ${cycles.length} import cycle(s)`)
process.exitCode = cycles.length > 0 ? 1 : 0
