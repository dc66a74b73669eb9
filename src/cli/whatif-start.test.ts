/**
 * `whatif` on a stored window loads only what that run needs (ADR 0526): the YAML parser only for
 * `--changes`, the importers only for files given as paths. Read from the sources' static imports
 * (dynamic `import()` is what loads on demand), from the command's module.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

/** Every module the file's static, non-type imports reach: source paths and package names. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string): void => {
    if (files.has(file)) {
      return
    }
    files.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm)) {
      const spec = m[1]!
      if (spec.startsWith('.')) {
        visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')))
      } else if (!spec.startsWith('node:')) {
        packages.add(
          spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!
        )
      }
    }
  }
  visit(entry)
  return { files, packages }
}

describe('whatif on a stored window', () => {
  it('loads neither the YAML parser nor the importers at its start', () => {
    const { files, packages } = staticGraph(join(ROOT, 'src/cli/commands/whatif.ts'))
    const paths = [...files].map((f) => relative(ROOT, f))
    // The graph is read: the twin and the store are in it.
    expect(paths).toContain('src/sim/twin/fit.ts')
    expect(paths).toContain('src/storage/duckdb/duckdb-store.ts')
    expect(packages).toContain('@duckdb/node-api')
    expect(packages).not.toContain('yaml')
    expect(
      paths.filter((p) => p.startsWith('src/ingest/import/') || p.includes('import-to-memory'))
    ).toEqual([])
  })
})
