/** The import benches' input: a JSON Lines file of OTLP trace requests, and the baseline over it. */
import { createReadStream, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'

/** One request of 4 spans per line, as the Collector file exporter writes. */
export async function writeJsonl(path: string, requests: number): Promise<void> {
  const out = createWriteStream(path)
  for (let i = 0; i < requests; i++) {
    if (!out.write(`${JSON.stringify(makeLlmTraceRequest(1, i))}\n`)) {
      await once(out, 'drain')
    }
  }
  out.end()
  await once(out, 'finish')
}

/**
 * The baseline: reading the file line by line (readline, its default 64 KiB reads) and
 * JSON.parse of every line; returns the spans counted.
 */
export async function readAndParse(path: string): Promise<number> {
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity })
  let spans = 0
  for await (const line of rl) {
    const obj = JSON.parse(line) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] }
    for (const rs of obj.resourceSpans) {
      for (const ss of rs.scopeSpans) {
        spans += ss.spans.length
      }
    }
  }
  return spans
}
