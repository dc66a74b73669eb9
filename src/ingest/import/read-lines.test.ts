import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readLineBatches } from './read-lines.js'

async function linesOf(chunks: Buffer[]): Promise<string[]> {
  const out: string[] = []
  for await (const batch of readLineBatches(Readable.from(chunks))) {
    out.push(...batch)
  }
  return out
}

async function readlineOf(chunks: Buffer[]): Promise<string[]> {
  const out: string[] = []
  for await (const line of createInterface({ input: Readable.from(chunks), crlfDelay: Infinity })) {
    out.push(line)
  }
  return out
}

/** `bytes` cut at the given offsets. */
function cut(bytes: Buffer, at: number[]): Buffer[] {
  const points = [
    0,
    ...at.filter((n) => n > 0 && n < bytes.length).sort((a, b) => a - b),
    bytes.length,
  ]
  const out: Buffer[] = []
  for (let i = 1; i < points.length; i++) {
    if (points[i]! > points[i - 1]!) {
      out.push(bytes.subarray(points[i - 1], points[i]))
    }
  }
  return out
}

describe('readLineBatches', () => {
  it('splits on \\n, \\r\\n and a lone \\r, keeps empty lines and an unterminated last line', async () => {
    const bytes = Buffer.from('a\nb\r\n\nc\rd\r\r\n{"x":"é"}\nlast')
    expect(await linesOf([bytes])).toEqual(['a', 'b', '', 'c', 'd', '', '{"x":"é"}', 'last'])
  })

  it('gives the lines readline gives, however the bytes are chunked', async () => {
    // A small seeded generator, so a failure can be replayed.
    let seed = 7
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    }
    const pieces = ['{"a":1}', 'x', '', '\n', '\r\n', '\r', 'é', '€', '\n\n', 'long'.repeat(50)]
    for (let round = 0; round < 300; round++) {
      let text = ''
      const n = 1 + rand(30)
      for (let i = 0; i < n; i++) {
        text += pieces[rand(pieces.length)]
      }
      const bytes = Buffer.from(text)
      const at = Array.from({ length: rand(6) }, () => rand(bytes.length + 1))
      const chunks = cut(bytes, at)
      expect(await linesOf(chunks), JSON.stringify({ text, at })).toEqual(await readlineOf(chunks))
    }
  })

  it('gathers a line longer than many chunks', async () => {
    const line = 'y'.repeat(10_000)
    const bytes = Buffer.from(`${line}\n${line}`)
    const chunks = cut(
      bytes,
      Array.from({ length: 50 }, (_, i) => i * 397)
    )
    expect(await linesOf(chunks)).toEqual([line, line])
  })
})
