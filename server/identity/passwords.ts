import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes are stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url), so the cost can be raised later:
 * a successful sign-in with older parameters re-hashes the password with the current ones.
 * N = 2^15, r = 8, p = 1 costs ~32 MiB and ~50–100 ms per hash: OWASP's minimum for scrypt is N = 2^17 with
 * r = 8, p = 1 *or* an equivalent memory/time trade; 2^15 keeps sign-in bursts on small servers usable.
 */
export const currentParameters = { N: 2 ** 15, r: 8, p: 1 } as const

const keyLength = 32
const saltLength = 16

/** The documented strength rule: at least 12 characters (length beats composition rules; NIST SP 800-63B). */
export const minimumPasswordLength = 12
export const maximumPasswordLength = 256

type Parameters = { readonly N: number; readonly r: number; readonly p: number }

const derive = (password: string, salt: Buffer, { N, r, p }: Parameters, length: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })

export const hashPassword = async (
  password: string,
  parameters: Parameters = currentParameters,
): Promise<string> => {
  const salt = randomBytes(saltLength)
  const hash = await derive(password, salt, parameters, keyLength)
  return [
    'scrypt',
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$')
}

type Parsed = { readonly parameters: Parameters; readonly salt: Buffer; readonly hash: Buffer }

const parse = (stored: string): Parsed | undefined => {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return undefined
  const parameters = { N: Number(n), r: Number(r), p: Number(p) }
  if (
    ![parameters.N, parameters.r, parameters.p].every((value) => Number.isSafeInteger(value) && value > 0)
  ) {
    return undefined
  }
  return { parameters, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') }
}

export type Verification = { readonly valid: boolean; readonly needsRehash: boolean }

export const verifyPassword = async (password: string, stored: string): Promise<Verification> => {
  const parsed = parse(stored)
  if (parsed === undefined) return { valid: false, needsRehash: false }
  const candidate = await derive(password, parsed.salt, parsed.parameters, parsed.hash.length)
  const valid = candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash)
  const { N, r, p } = parsed.parameters
  const needsRehash =
    N !== currentParameters.N ||
    r !== currentParameters.r ||
    p !== currentParameters.p ||
    parsed.hash.length !== keyLength
  return { valid, needsRehash }
}

/** A hash of a password nobody knows: verifying against it costs what a real check costs (no user enumeration). */
let dummyHash: Promise<string> | undefined
export const verifyAgainstDummy = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'))
  await verifyPassword(password, await dummyHash)
}
