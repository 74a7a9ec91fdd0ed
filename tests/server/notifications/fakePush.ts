import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { importJWK, jwtVerify } from 'jose'

// A push service that speaks RFC 8030 well enough to test against: it takes the POST, checks the VAPID
// Authorization (RFC 8292) and decrypts the aes128gcm body (RFC 8291) with the subscriber's private key.

export interface Subscriber {
  readonly endpoint: string
  readonly keys: { readonly p256dh: string; readonly auth: string }
  decrypt(body: Buffer): string
}

export interface Received {
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly body: Buffer
}

export interface FakePushService {
  readonly origin: string
  readonly received: Received[]
  /** A browser's subscription at `path`; the service answers its pushes with `status`. */
  subscriber(path: string, status?: number): Subscriber
  close(): Promise<void>
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** RFC 8291 §3.4: the user agent's side of aes128gcm. One record, as every server sends for a short message. */
const decryptAes128gcm = (body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string => {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const asPublic = body.subarray(21, 21 + idLength)
  const content = body.subarray(21 + idLength)
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(uaPrivate)
  const ecdhSecret = ecdh.computeSecret(asPublic)
  const prkKey = hmac(authSecret, ecdhSecret)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])])
  const ikm = hmac(prkKey, keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(content.subarray(content.length - 16))
  const padded = Buffer.concat([decipher.update(content.subarray(0, content.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return padded.subarray(0, end).toString('utf8')
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: the key is the server's, the token signed by it for us. */
export const verifyVapid = async (authorization: string | undefined, audience: string) => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/u.exec(authorization ?? '')
  if (match === null) throw new Error(`not a VAPID Authorization: ${authorization}`)
  const [, token = '', key = ''] = match
  const point = Buffer.from(key, 'base64url')
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  }
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience })
  return { key, payload }
}

export const startFakePushService = async (): Promise<FakePushService> => {
  const received: Received[] = []
  const statuses = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) })
      response.statusCode = statuses.get(path) ?? 201
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    subscriber: (path, status = 201) => {
      statuses.set(path, status)
      const ecdh = createECDH('prime256v1')
      const uaPublic = ecdh.generateKeys()
      const uaPrivate = ecdh.getPrivateKey()
      const auth = randomBytes(16)
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') },
        decrypt: (body) => decryptAes128gcm(body, uaPrivate, uaPublic, auth),
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
