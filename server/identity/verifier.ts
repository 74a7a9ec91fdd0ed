import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose'
import type { IdentityConfig } from './config.ts'

/** Asymmetric algorithms only: `none` and HMAC (a shared secret an API should never hold) are refused. */
export const allowedAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
]

const privateMembers = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'])

export const publicJwk = (jwk: JWK): JWK =>
  Object.fromEntries(Object.entries(jwk).filter(([name]) => !privateMembers.has(name))) satisfies JWK

export type AccessTokenClaims = JWTPayload & { readonly sub: string }

export type Verification =
  | { readonly ok: true; readonly claims: AccessTokenClaims }
  | { readonly ok: false; readonly reason: string }

export type AccessTokenVerifier = (token: string) => Promise<Verification>

const reasonOf = (error: unknown): string => {
  if (error instanceof errors.JWTExpired) return 'the access token expired'
  if (error instanceof errors.JWTClaimValidationFailed)
    return `the access token's ${error.claim} claim is not accepted`
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'the access token is signed with an algorithm not accepted'
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the access token signature is invalid'
  if (error instanceof errors.JWKSNoMatchingKey) return 'the access token was signed by an unknown key'
  if (error instanceof errors.JOSEError) return 'the access token is malformed'
  return 'the access token could not be verified'
}

export interface VerifierInput {
  readonly config: IdentityConfig
  /** The embedded provider's keys, re-read from the database when a token names a key this instance lacks. */
  readonly loadLocalKeys?: () => Promise<readonly JWK[]>
  /** The external issuer's discovery is fetched with this (tests pass a fake). */
  readonly fetchDiscovery?: (url: string) => Promise<unknown>
}

const localKeyGetter = (loadKeys: () => Promise<readonly JWK[]>): JWTVerifyGetKey => {
  const reloadAfterMs = 30_000
  let loadedAt = 0
  let keySet: Promise<ReturnType<typeof createLocalJWKSet>> | undefined
  const load = () => {
    loadedAt = Date.now()
    keySet = loadKeys().then((keys) =>
      createLocalJWKSet({ keys: keys.map(publicJwk) } satisfies JSONWebKeySet),
    )
    return keySet
  }
  return async (header, token) => {
    const current = await (keySet ?? load())
    try {
      return await current(header, token)
    } catch (error) {
      // Another instance may have rotated keys since this one loaded them.
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - loadedAt < reloadAfterMs) throw error
      return (await load())(header, token)
    }
  }
}

const discoveredKeyGetter = (
  issuer: string,
  fetchDiscovery: (url: string) => Promise<unknown>,
): JWTVerifyGetKey => {
  let remote: Promise<JWTVerifyGetKey> | undefined
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const document = await fetchDiscovery(`${issuer.replace(/\/$/u, '')}/.well-known/openid-configuration`)
    const jwksUri =
      typeof document === 'object' && document !== null && 'jwks_uri' in document
        ? document.jwks_uri
        : undefined
    if (typeof jwksUri !== 'string') throw new Error('the issuer’s discovery document has no jwks_uri')
    return createRemoteJWKSet(new URL(jwksUri))
  }
  return async (header, token) => {
    remote ??= discover().catch((error: unknown) => {
      remote = undefined
      throw error
    })
    return (await remote)(header, token)
  }
}

const fetchJson = async (url: string): Promise<unknown> => {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
  if (!response.ok) throw new Error(`discovery answered ${response.status}`)
  return response.json()
}

/** Verifies bearer JWTs: signature against the issuer's keys, issuer, audience, expiry, algorithm allow-list. */
export const createAccessTokenVerifier = ({
  config,
  loadLocalKeys,
  fetchDiscovery = fetchJson,
}: VerifierInput): AccessTokenVerifier => {
  const getKey =
    config.embedded && loadLocalKeys !== undefined
      ? localKeyGetter(loadLocalKeys)
      : discoveredKeyGetter(config.issuer, fetchDiscovery)
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: allowedAlgorithms,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: 5,
        // The embedded provider marks access tokens (RFC 9068), so an ID token can never pass for one.
        ...(config.embedded ? { typ: 'at+jwt' } : {}),
      })
      const { sub } = payload
      if (typeof sub !== 'string' || sub === '')
        return { ok: false, reason: 'the access token has no subject' }
      return { ok: true, claims: { ...payload, sub } }
    } catch (error) {
      return { ok: false, reason: reasonOf(error) }
    }
  }
}
