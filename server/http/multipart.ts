import type { FastifyRequest } from 'fastify'
import { makeProblem, ProblemError } from './problem.ts'
import type { ContractSchema } from './route.ts'
import { decodeRequestPart } from './route.ts'

// File uploads (multipart/form-data): one file field named `file` and a few text fields, decoded by the route's
// schema like any body. The file is read into memory: the limits below keep that bounded, and the parsers that take
// it (bank files, budget exports) need it whole anyway.

/** What a route that takes a file declares: its text fields' schema and the largest file it reads. */
export interface UploadSpec {
  readonly fields: ContractSchema
  readonly maxFileBytes: number
  readonly description: string
}

export interface Upload<Fields> {
  readonly bytes: Uint8Array
  readonly fileName: string
  readonly fields: Fields
}

/** Room for the form's text fields and part headers on top of the file, for the route's body limit. */
export const uploadOverheadBytes = 1024 * 1024

const tooLarge = (limit: number) =>
  new ProblemError(
    makeProblem(413, 'payload_too_large', `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`),
  )

const isTooLarge = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')

/** Reads the request's file and fields; 415 when it is not a form, 400 without a file, 413 past the limit. */
export const readUpload = async <S extends ContractSchema>(
  request: FastifyRequest,
  spec: UploadSpec & { readonly fields: S },
): Promise<Upload<S['Type']>> => {
  if (!request.isMultipart()) {
    throw new ProblemError(
      makeProblem(
        415,
        'unsupported_media_type',
        'The request must be multipart/form-data with a file field.',
      ),
    )
  }
  const text: Record<string, string> = {}
  let file: { bytes: Uint8Array; fileName: string } | undefined
  try {
    for await (const part of request.parts({
      limits: { fileSize: spec.maxFileBytes, files: 1, fields: 20 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (part.file.truncated) throw tooLarge(spec.maxFileBytes)
        if (part.fieldname === 'file') file = { bytes, fileName: part.filename ?? '' }
      } else if (typeof part.value === 'string') {
        text[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (error instanceof ProblemError) throw error
    if (isTooLarge(error)) throw tooLarge(spec.maxFileBytes)
    throw new ProblemError(makeProblem(400, 'bad_request', 'The form could not be read.'))
  }
  if (file === undefined) {
    throw new ProblemError(
      makeProblem(400, 'validation_failed', 'The form has no file.', [
        { path: '/body/file', message: 'A file is required.', code: 'missing' },
      ]),
    )
  }
  // The schema decodes the text fields as it would a JSON body: errors name `/body/<field>`.
  const fields = decodeRequestPart('body', spec.fields, text) as S['Type']
  return { ...file, fields }
}
