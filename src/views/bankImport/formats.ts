import type { TFunction } from 'i18next'
import {
  bankFormats,
  fileFormats,
  type ImportEncoding,
  type ImportFormat,
  importEncodings,
} from '../../../schemas/imports.ts'

// Banks and file standards go by their own names in every language; only the formats that need words (mBank's
// two exports, the generic CSV) have texts.

const NAMES: Readonly<Record<ImportFormat, string | null>> = {
  mbank: null,
  'mbank-statement': null,
  pko: 'PKO BP',
  ing: 'ING Bank Śląski',
  santander: 'Santander Bank Polska',
  millennium: 'Bank Millennium',
  pekao: 'Bank Pekao',
  alior: 'Alior Bank',
  revolut: 'Revolut',
  n26: 'N26',
  dkb: 'DKB',
  ofx: 'OFX / QFX',
  qif: 'QIF',
  camt053: 'CAMT.053 (XML)',
  mt940: 'MT940',
  csv: null,
}

/** A format's name as the user knows it ('PKO BP', 'mBank – lista operacji', 'Inny CSV'). */
export const formatName = (t: TFunction, format: ImportFormat): string =>
  NAMES[format] ?? t(`bankImport.formats.${format}`)

/** The format choices: the banks, then the standard files, then the generic CSV with its column mapper. */
export const formatChoices = (t: TFunction) => [
  ...[...bankFormats, ...fileFormats, 'csv' as const].map((format) => ({
    id: format,
    label: formatName(t, format),
  })),
]

const ENCODING_NAMES: Readonly<Record<ImportEncoding, string>> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1250': 'Windows-1250',
  'iso-8859-2': 'ISO-8859-2',
}

export const encodingName = (encoding: ImportEncoding): string => ENCODING_NAMES[encoding]

export const encodingChoices = () => importEncodings.map((id) => ({ id, label: ENCODING_NAMES[id] }))
