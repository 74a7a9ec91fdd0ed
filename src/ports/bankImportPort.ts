import * as Schema from 'effect/Schema'
import { HTTPError } from 'ky'
import {
  type FileRequest,
  type FileSample,
  guessDelimiter,
  type ImportPort,
  type ReadProblem,
  sampleTable,
} from '../../machines/bankImport/index.ts'
import type { PayeeRulesPort } from '../../machines/payeeRules/index.ts'
import { budgetErrorFromProblem } from '../../schemas/budgetErrors.ts'
import { ImportPresetList, PayeeRuleList } from '../../schemas/importSettings.ts'
import { FileErrorCode, ImportPreview, ImportRecordView, ImportResult } from '../../schemas/imports.ts'
import { errorBody, UploadError } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'

const base = (budgetId: string, origin: string) => `${origin}/api/budget/${encodeURIComponent(budgetId)}`

/** The 422 a file the server cannot read gets: its reason, and the first lines when it could split them. */
const UnreadableFile = Schema.Struct({
  code: Schema.Literal('unreadable_file'),
  reason: FileErrorCode,
  table: Schema.optionalKey(Schema.Array(Schema.Array(Schema.String))),
})
const readUnreadable = Schema.decodeUnknownOption(UnreadableFile)

/** Why a request about a file failed, as the import flow tells the user. */
export const readProblemOf = (error: unknown): ReadProblem => {
  if (error instanceof UploadError) {
    if (error.status === 0) return { kind: 'offline' }
    if (error.status === 413) return { kind: 'file', reason: 'too-large', table: null }
    const unreadable = readUnreadable(error.data)
    if (unreadable._tag === 'Some')
      return { kind: 'file', reason: unreadable.value.reason, table: unreadable.value.table ?? null }
    return { kind: 'refused', status: error.status }
  }
  return { kind: 'refused', status: 0 }
}

/** The multipart fields of the preview and the import (issue 28 §4). */
const formOf = (request: FileRequest, extra: Readonly<Record<string, string>> = {}): FormData => {
  const form = new FormData()
  const { options } = request
  form.set('bankAccountId', request.bankAccountId)
  if (options.format !== null) form.set('format', options.format)
  if (options.encoding !== null) form.set('encoding', options.encoding)
  if (options.mapping !== null) form.set('mapping', JSON.stringify(options.mapping))
  if (options.dateOrder !== null) form.set('dateOrder', options.dateOrder)
  form.set('windowDays', String(options.windowDays))
  for (const [name, value] of Object.entries(extra)) form.set(name, value)
  // The file last: a server reading the stream has every field before the bytes.
  form.set('file', request.file, request.file.name)
  return form
}

/** Enough of a file's head for the mapper's table and its delimiter. */
const HEAD_BYTES = 64 * 1024

const headText = async (request: FileRequest): Promise<string> => {
  const bytes = await request.file.slice(0, HEAD_BYTES).arrayBuffer()
  return new TextDecoder(request.options.encoding ?? 'utf-8').decode(bytes)
}

/**
 * The bank-file import screens' port over the app's one HTTP client, for one budget; `origin` only where there is
 * no page to resolve against (tests).
 */
export const createBankImportPort = (loadApi: LoadApi, budgetId: string, origin = ''): ImportPort => {
  const url = base(budgetId, origin)
  const preview: ImportPort['preview'] = async (request, { signal, onUpload }) => {
    try {
      const api = await loadApi()
      return {
        ok: true,
        preview: await api.upload(`${url}/imports/preview`, formOf(request), ImportPreview, {
          signal,
          onUploadProgress: onUpload,
        }),
      }
    } catch (error) {
      return { ok: false, problem: readProblemOf(error) }
    }
  }
  return {
    preview,
    async commit(request, { signal, onUpload }) {
      try {
        const api = await loadApi()
        const form = formOf(request, { choices: JSON.stringify(request.choices) })
        return {
          ok: true,
          result: await api.upload(`${url}/imports`, form, ImportResult, {
            signal,
            onUploadProgress: onUpload,
          }),
        }
      } catch (error) {
        return { ok: false, problem: readProblemOf(error) }
      }
    },
    async sample(request, table, signal): Promise<FileSample> {
      const text = await headText(request).catch(() => '')
      const lines = text.split(/\r\n|\n|\r/u).slice(0, 20)
      const delimiter = request.options.mapping?.delimiter ?? guessDelimiter(lines)
      if (table !== null && table.length > 0) return { table, delimiter }
      // The server's reading as a generic CSV splits quoted fields and encodings as the import will.
      const asCsv = await preview(
        { ...request, options: { ...request.options, format: 'csv', mapping: null, dateOrder: null } },
        { signal, onUpload: () => undefined },
      )
      const served = asCsv.ok
        ? (asCsv.preview.table ?? null)
        : asCsv.problem.kind === 'file'
          ? asCsv.problem.table
          : null
      if (served !== null && served.length > 0) return { table: served, delimiter }
      return sampleTable(text, delimiter)
    },
    async history(signal) {
      try {
        const api = await loadApi()
        return {
          ok: true,
          records: await api.getJson(`${url}/imports`, Schema.Array(ImportRecordView), { signal }),
        }
      } catch {
        return { ok: false }
      }
    },
    async undo(importId, signal) {
      try {
        const api = await loadApi()
        // Not retried: a repeated undo after a lost answer would be refused as already undone.
        await api.deleteJson(`${url}/imports/${encodeURIComponent(importId)}`, Schema.Unknown, {
          signal,
          retry: 0,
        })
        return { ok: true }
      } catch (error) {
        const refusal =
          error instanceof HTTPError && error.response.status === 422
            ? budgetErrorFromProblem(errorBody(error))
            : undefined
        return refusal?._tag === 'ImportChangedSince'
          ? { ok: false, changed: refusal.changed }
          : { ok: false, changed: null }
      }
    },
    async presets(signal) {
      try {
        const api = await loadApi()
        return {
          ok: true,
          presets: await api.getJson(`${url}/import-presets`, ImportPresetList, { signal }),
        }
      } catch {
        return { ok: false }
      }
    },
    async savePreset(preset, signal) {
      try {
        const api = await loadApi()
        const { id, ...body } = preset
        await api.putJson(`${url}/import-presets/${encodeURIComponent(id)}`, body, Schema.Unknown, { signal })
        return { ok: true }
      } catch {
        return { ok: false }
      }
    },
    async deletePreset(presetId, signal) {
      try {
        const api = await loadApi()
        await api.deleteJson(`${url}/import-presets/${encodeURIComponent(presetId)}`, Schema.Unknown, {
          signal,
        })
        return { ok: true }
      } catch {
        return { ok: false }
      }
    },
    newId: () => crypto.randomUUID(),
  }
}

/** The payee rules editor's port (`GET`/`PUT …/payee-rules`, the whole list at once). */
export const createPayeeRulesPort = (loadApi: LoadApi, budgetId: string, origin = ''): PayeeRulesPort => {
  const url = `${base(budgetId, origin)}/payee-rules`
  return {
    async load(signal) {
      try {
        const api = await loadApi()
        return { ok: true, rules: await api.getJson(url, PayeeRuleList, { signal }) }
      } catch {
        return { ok: false }
      }
    },
    async save(rules, signal) {
      try {
        const api = await loadApi()
        await api.putJson(url, { rules }, Schema.Unknown, { signal })
        return { ok: true }
      } catch {
        return { ok: false }
      }
    },
    newId: () => crypto.randomUUID(),
  }
}
