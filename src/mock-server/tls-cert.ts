import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { AppError } from '../core/errors.js'

const run = promisify(execFile)

/**
 * Generates a throw-away self-signed certificate for `localhost`/127.0.0.1 with the `openssl`
 * binary (Node has no X.509 generator; see docs/adr/0072-mock-server-self-signed-cert.md).
 */
export async function generateSelfSignedCert(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tokenline-cert-'))
  try {
    const keyPath = join(dir, 'key.pem')
    const certPath = join(dir, 'cert.pem')
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
    ])
    return { key: await readFile(keyPath, 'utf8'), cert: await readFile(certPath, 'utf8') }
  } catch (err) {
    throw new AppError(
      'INPUT_INVALID',
      `--tls needs the openssl binary to generate a self-signed certificate (expected openssl on PATH; actual: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
      { cause: err }
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
