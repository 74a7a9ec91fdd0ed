import { HTTPError } from 'ky'
import type { ApiErrorLike } from '../../../machines/toasts/index.ts'
import { CreatedPersonalToken, type PersonalTokenId, PersonalTokenList } from '../../../schemas/identity.ts'
import { apiErrorOf } from '../../api/client.ts'
import type { LoadApi } from '../../api/loadApi.ts'

export const listTokens = async (loadApi: LoadApi, signal?: AbortSignal) =>
  (await loadApi()).getJson('/api/tokens', PersonalTokenList, signal === undefined ? {} : { signal })

export const createToken = async (loadApi: LoadApi, name: string) =>
  (await loadApi()).postJson('/api/tokens', { name }, CreatedPersonalToken)

export const revokeToken = async (loadApi: LoadApi, tokenId: PersonalTokenId) =>
  (await loadApi()).deleteJson(`/api/tokens/${encodeURIComponent(tokenId)}`, PersonalTokenList)

const problemDetail = (data: unknown): ReadonlyArray<string> =>
  typeof data === 'object' && data !== null && 'detail' in data && typeof data.detail === 'string'
    ? [data.detail]
    : []

/** A failed call in the shape toastFromApiError reads; a problem document's `detail` becomes the message. */
export const tokenErrorOf = (error: unknown): ApiErrorLike => {
  if (!(error instanceof HTTPError)) return {}
  const failure = apiErrorOf(error)
  return { ...failure, details: problemDetail(failure.data) }
}

export type CreatedToken = typeof CreatedPersonalToken.Type
