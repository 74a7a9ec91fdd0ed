import { Schema } from 'effect'
import ky, { type Options } from 'ky'

/**
 * The one HTTP choke point of the web app: every JSON answer is decoded by its Effect Schema,
 * so no view ever trusts an unchecked shape. Relative paths resolve against the page's origin.
 */
const http = ky.create({
  timeout: 10_000,
  retry: { limit: 2, methods: ['get'] },
  headers: { accept: 'application/json' },
})

type RequestOptions = Pick<Options, 'signal' | 'retry'> & {
  /** Error statuses whose body is still a valid answer of this endpoint (e.g. /health's 503). */
  readonly answerStatuses?: ReadonlyArray<number>
}

const toKyOptions = ({ answerStatuses = [], ...options }: RequestOptions): Options => ({
  ...options,
  throwHttpErrors: (status) => status >= 400 && !answerStatuses.includes(status),
})

/** GET a JSON resource and decode it; rejects with ky's HTTPError or Effect's SchemaError. */
export const getJson = async <S extends Schema.ConstraintDecoder<unknown>>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<S['Type']> => {
  const body: unknown = await http.get(path, toKyOptions(options)).json()
  return Schema.decodeUnknownPromise(schema)(body)
}

/** POST a JSON body to an endpoint whose answer carries no body the caller needs (e.g. 202 Accepted). */
export const postJsonWithoutAnswer = async (
  path: string,
  json: unknown,
  options: RequestOptions = {},
): Promise<void> => {
  await http.post(path, { ...toKyOptions(options), json })
}
