/**
 * Reads a request body with a byte limit that holds twice: on the bytes received (early
 * `Content-Length` check, then counting while streaming, so nothing unbounded is buffered) and
 * on the decompressed size of a gzip body (`maxOutputLength`, so a gzip bomb stops at the limit).
 */
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { AppError } from '../../core/errors.js'

const gunzipAsync = promisify(gunzip)

function tooLarge(maxBodyBytes: number, what: string): AppError {
  return new AppError(
    'OTLP_BODY_TOO_LARGE',
    `the ${what} must be at most ${maxBodyBytes} bytes (limit ingest.maxBodyBytes)`
  )
}

/** `gzip` or `identity` from `Content-Encoding`; throws 415 for anything else. */
export function bodyEncoding(header: string | undefined): 'gzip' | 'identity' {
  const value = (header ?? '').trim().toLowerCase()
  if (value === '' || value === 'identity') {
    return 'identity'
  }
  if (value === 'gzip' || value === 'x-gzip') {
    return 'gzip'
  }
  throw new AppError(
    'OTLP_UNSUPPORTED_MEDIA_TYPE',
    `Content-Encoding must be gzip or identity (actual: ${JSON.stringify(header)})`
  )
}

async function readLimited(req: Request, maxBodyBytes: number): Promise<Uint8Array> {
  const declared = req.headers.get('content-length')
  if (declared !== null && Number(declared) > maxBodyBytes) {
    throw tooLarge(maxBodyBytes, `body (Content-Length ${declared})`)
  }
  if (declared !== null && /^\d+$/.test(declared)) {
    // A declared length bounds the read by itself (the HTTP parser delivers exactly that many
    // bytes), so the body is read whole. On @hono/node-server that reads the socket's buffers
    // directly instead of through a Web ReadableStream, which cost half the CPU of a null-sink
    // OTLP server at 512 spans per body (docs/storage.md, "Ingest over HTTP").
    return new Uint8Array(await req.arrayBuffer())
  }
  if (req.body === null) {
    return new Uint8Array(0)
  }
  // Chunked: counted while streaming, so nothing unbounded is buffered.
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) {
      break
    }
    total += value.byteLength
    if (total > maxBodyBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(maxBodyBytes, 'body')
    }
    chunks.push(value)
  }
  if (chunks.length === 1) {
    return chunks[0] as Uint8Array
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

/**
 * The request body as bytes, decompressed when `Content-Encoding: gzip`.
 * Throws `OTLP_BODY_TOO_LARGE` (413), `OTLP_UNSUPPORTED_MEDIA_TYPE` (415) or
 * `OTLP_DECODE_FAILED` (400, broken gzip).
 */
export async function readBody(req: Request, maxBodyBytes: number): Promise<Uint8Array> {
  const encoding = bodyEncoding(req.headers.get('content-encoding') ?? undefined)
  const raw = await readLimited(req, maxBodyBytes)
  if (encoding === 'identity') {
    return raw
  }
  try {
    return await gunzipAsync(raw, { maxOutputLength: maxBodyBytes })
  } catch (err) {
    if (
      (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ||
      err instanceof RangeError
    ) {
      throw tooLarge(maxBodyBytes, 'decompressed body')
    }
    throw new AppError(
      'OTLP_DECODE_FAILED',
      `the body is marked Content-Encoding: gzip but does not decompress (${(err as Error).message})`,
      { cause: err }
    )
  }
}
