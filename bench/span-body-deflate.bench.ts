/**
 * What each way of deflating a write's span body costs (ADR 0432): the SDK spans of
 * `bench/ingest-cost.bench.ts` (content-filtered, 8 bodies of 512 spans per write), each write
 * laid out once by `encodeSpanBody(spans, 'none')`, then deflated by every variant in turn, in one
 * process, the variants' order rotated each round so load and warm-up fall on all of them. For
 * each: CPU µs per span of the deflate (median and range over the rounds), deflated body bytes per
 * span, and the bytes per span of a DuckDB file holding those bodies (with the `span_traces`
 * rows) after a checkpoint. Every variant's stream is inflated back and compared with the layout.
 *
 *   node --expose-gc --import tsx bench/span-body-deflate.bench.ts
 *   node --expose-gc --import tsx bench/span-body-deflate.bench.ts --bodies 200 --rounds 9
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { constants, deflateRawSync, deflateSync, inflateSync, type ZlibOptions } from 'node:zlib'
import type { Span } from '../src/core/model/span.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { stripContent } from '../src/ingest/pipeline/content-filter.js'
import { DEFAULTS } from '../src/config/defaults.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { encodeSpanBody, type SpanBody } from '../src/storage/duckdb/span-bodies.js'
import { appendSpanWrite } from '../src/storage/duckdb/span-writes.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '200' },
    group: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '7' },
  },
})
const BODIES = Number(args.bodies)
const GROUP = Number(args.group)
const ROUNDS = Number(args.rounds)

/** Adler-32 (RFC 1950) of `data`: the trailer of a zlib stream assembled by hand. */
function adler32(data: Uint8Array): number {
  let a = 1
  let b = 0
  const n = data.length
  let i = 0
  while (i < n) {
    // 5 552 bytes is the most that keeps `b` below 2^32 before the modulo (zlib's NMAX).
    const end = Math.min(i + 5552, n)
    for (; i < end; i++) {
      a += data[i] as number
      b += a
    }
    a %= 65521
    b %= 65521
  }
  return ((b << 16) | a) >>> 0
}

/**
 * The ids section stored, the rest deflated at level 1, as one zlib stream `inflateSync` reads:
 * the parts before the ids as raw deflate ending on a byte boundary (a sync flush), the ids as
 * stored blocks, the parts after as raw deflate's final blocks, then the Adler-32 of it all.
 */
function splitDeflate(raw: Buffer, idsAt: number, idsEnd: number): Buffer {
  const head = deflateSync(Buffer.alloc(0), { level: 1 }).subarray(0, 2)
  const before = deflateRawSync1(raw.subarray(0, idsAt), constants.Z_SYNC_FLUSH)
  const parts: Buffer[] = [head, before]
  for (let at = idsAt; at < idsEnd; at += 65535) {
    const len = Math.min(65535, idsEnd - at)
    const block = Buffer.allocUnsafe(5)
    block[0] = 0 // BFINAL 0, BTYPE 00 (stored)
    block.writeUInt16LE(len, 1)
    block.writeUInt16LE(~len & 0xffff, 3)
    parts.push(block, raw.subarray(at, at + len))
  }
  parts.push(deflateRawSync1(raw.subarray(idsEnd), constants.Z_FINISH))
  const trailer = Buffer.allocUnsafe(4)
  trailer.writeUInt32BE(adler32(raw))
  parts.push(trailer)
  return Buffer.concat(parts)
}

function deflateRawSync1(data: Buffer, finishFlush: number): Buffer {
  return deflateRawSync(data, { level: 1, finishFlush })
}

/** Where a format-2 laid-out body's ids section starts and ends (see `span-bodies.ts`). */
function idsSection(raw: Buffer): [number, number] {
  const h = new Uint32Array(raw.buffer, raw.byteOffset, 6)
  const n = h[1] as number
  const nAttrs = h[2] as number
  const nScopes = h[3] as number
  const idsAt = 24 + n * 16 + nAttrs * 8 + n * 40 + nAttrs * 4 + nScopes * 12
  return [idsAt, idsAt + n * 32]
}

interface Variant {
  name: string
  deflate: (raw: Buffer) => Buffer
}
const zlibVariant = (name: string, options: ZlibOptions): Variant => ({
  name,
  deflate: (raw) => deflateSync(raw, { level: 1, ...options }),
})
const variants: Variant[] = [
  zlibVariant('level 1 (today)', {}),
  zlibVariant('Z_RLE', { strategy: constants.Z_RLE }),
  zlibVariant('Z_HUFFMAN_ONLY', { strategy: constants.Z_HUFFMAN_ONLY }),
  zlibVariant('Z_FILTERED', { strategy: constants.Z_FILTERED }),
  zlibVariant('memLevel 9', { memLevel: 9 }),
  zlibVariant('memLevel 6', { memLevel: 6 }),
  zlibVariant('memLevel 4', { memLevel: 4 }),
  zlibVariant('windowBits 13', { windowBits: 13 }),
  zlibVariant('windowBits 10', { windowBits: 10 }),
  { name: 'ids stored apart', deflate: (raw) => splitDeflate(raw, ...idsSection(raw)) },
]

const decoded = sdkBodies(BODIES).map((b) => stripContent(decodeTracesProtobuf(b).spans))
const writes: Span[][] = []
for (let i = 0; i < decoded.length; i += GROUP) {
  writes.push(decoded.slice(i, i + GROUP).flat())
}
const total = writes.reduce((n, w) => n + w.length, 0)
const laid: SpanBody[] = writes.map((w) => {
  const body = encodeSpanBody(w, 'none')
  return { ...body, body: Buffer.from(body.body) }
})

const cpu: number[][] = variants.map(() => [])
const out: Buffer[][] = variants.map(() => [])
const gc = (globalThis as { gc?: () => void }).gc
for (let round = 0; round < ROUNDS; round++) {
  gc?.()
  const spent = variants.map(() => 0)
  // Write by write, every variant in turn (their order rotated each write), so the host's load
  // falls on all of them alike.
  for (let w = 0; w < laid.length; w++) {
    const raw = laid[w]?.body as Buffer
    for (let k = 0; k < variants.length; k++) {
      const v = (k + w + round) % variants.length
      const t0 = process.cpuUsage()
      const body = (variants[v] as Variant).deflate(raw)
      const t = process.cpuUsage(t0)
      spent[v] = (spent[v] as number) + t.user + t.system
      if (round === 0) {
        ;(out[v] as Buffer[]).push(body)
      }
    }
  }
  spent.forEach((us, v) => (cpu[v] as number[]).push(us / total))
}
const bytes = out.map((bodies) => bodies.reduce((n, b) => n + b.length, 0) / total)
out.forEach((bodies, v) => {
  const name = (variants[v] as Variant).name
  bodies.forEach((b, i) => {
    // The reader's test (ADR 0396): a zlib stream's first byte against the format number.
    if (b[0] === 1 || b[0] === 2 || ((b[0] as number) & 0x0f) !== 8) {
      throw new Error(`${name}: first byte ${b[0]} does not tell the codec apart`)
    }
    if (!inflateSync(b).equals(laid[i]?.body as Buffer)) {
      throw new Error(`${name}: does not inflate to the layout`)
    }
  })
})

/** File bytes per span of a fresh store holding these bodies, after a checkpoint. */
async function fileBytes(bodies: Buffer[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tokenline-span-body-deflate-'))
  try {
    const path = join(dir, 'spans.duckdb')
    const store = await createDuckDbStore({ path, threads: DEFAULTS.store.duckDbThreads })
    const shared = duckDbSharedOf(store)
    for (let i = 0; i < bodies.length; i++) {
      const write = { ...(laid[i] as SpanBody), body: bodies[i] as Buffer }
      await shared?.write((c) => appendSpanWrite(c, i + 1, write))
    }
    await shared?.checkpoint()
    await store.close()
    return statSync(path).size / total
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}
console.log(
  `${BODIES} SDK bodies, ${total.toLocaleString('en-US')} spans in ${writes.length} writes; laid out ${(laid.reduce((n, w) => n + w.body.length, 0) / total).toFixed(1)} bytes per span; ${ROUNDS} rounds`
)
console.log(
  `  ${'variant'.padEnd(18)} ${'deflate CPU µs/span'.padStart(26)} ${'< today'.padStart(9)} ${'body B/span'.padStart(12)} ${'file B/span'.padStart(12)}`
)
for (let v = 0; v < variants.length; v++) {
  const xs = cpu[v] as number[]
  const range = `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`
  const today = cpu[0] as number[]
  const lower = xs.filter((x, r) => x < (today[r] as number)).length
  console.log(
    `  ${(variants[v] as Variant).name.padEnd(18)} ${`${median(xs).toFixed(2)} (${range})`.padStart(26)} ${`${lower} of ${ROUNDS}`.padStart(9)} ${(bytes[v] as number).toFixed(1).padStart(12)} ${(await fileBytes(out[v] as Buffer[])).toFixed(1).padStart(12)}`
  )
}
