import { createActor, fromCallback } from 'xstate'
import type {
  CommitOutcome,
  CommitRequest,
  FileRequest,
  FileSample,
  HistoryOutcome,
  ImportPort,
  PresetsOutcome,
  PreviewOutcome,
  UndoOutcome,
  UploadListeners,
  WriteOutcome,
} from '../../../machines/bankImport/index.ts'
import { BankAccountId, CategoryId, ImportId, TransactionId, UserId } from '../../../schemas/ids.ts'
import type { ImportPreset, ImportPreview, ImportRecordView, PreviewRow } from '../../../schemas/imports.ts'
import { Instant, IsoDate, Minor } from '../../../schemas/money.ts'

export const CHECKING = BankAccountId.make('acct-checking')
export const SAVINGS = BankAccountId.make('acct-savings')
export const GROCERIES = CategoryId.make('cat-groceries')
export const RENT = CategoryId.make('cat-rent')
export const FILE = new File(['Data;Kwota;Odbiorca\n01.11.2026;-12,50;Biedronka\n'], 'wyciag.csv', {
  type: 'text/csv',
})
export const OTHER_FILE = new File(['!Type:Bank\nD01/02/2026\nT-10.00\n^\n'], 'konto.qif')

const row = (line: number, fields: Partial<PreviewRow>): PreviewRow => ({
  line,
  date: IsoDate.make('2026-11-01'),
  value: Minor.make(-1250),
  payee: 'Biedronka',
  memo: '',
  status: 'new',
  ...fields,
})

/** A preview with one row of each kind: new (learned), duplicate, pending, error, new with a transfer. */
export const PREVIEW: ImportPreview = {
  format: 'mbank',
  encoding: 'windows-1250',
  rows: [
    row(2, {
      originalPayee: 'ZAKUP PRZY UŻYCIU KARTY BIEDRONKA',
      category: { categoryId: GROCERIES, source: 'learned', count: 5, of: 5 },
    }),
    row(3, {
      payee: 'Czynsz',
      value: Minor.make(-180000),
      status: 'duplicate',
      duplicate: { reason: 'bank-id', transactionId: TransactionId.make('tx-rent') },
      category: { categoryId: RENT, source: 'rule' },
    }),
    row(4, { payee: 'Allegro', status: 'pending' }),
    row(5, { date: null, status: 'error', message: 'invalid-date' }),
    row(6, {
      payee: 'Przelew własny',
      value: Minor.make(50000),
      transfer: { transactionId: TransactionId.make('tx-savings'), bankAccountId: SAVINGS },
    }),
  ],
}

/** The same file read as a generic CSV, with its table. */
export const MAPPED_PREVIEW: ImportPreview = {
  format: 'csv',
  encoding: 'utf-8',
  rows: [row(2, {}), row(3, { payee: 'Lidl' })],
  table: [
    ['Data', 'Kwota', 'Odbiorca'],
    ['01.11.2026', '-12,50', 'Biedronka'],
    ['02.11.2026', '-12,50', 'Lidl'],
  ],
}

export const KNOWN_SAMPLE: FileSample = {
  table: [
    ['Data', 'Kwota', 'Odbiorca'],
    ['01.11.2026', '-12,50', 'Biedronka'],
  ],
  delimiter: ';',
}
export const UNKNOWN_SAMPLE: FileSample = {
  table: [
    ['A', 'B', 'C'],
    ['01.11.2026', '-12,50', 'Biedronka'],
  ],
  delimiter: ';',
}

export const CSV_PRESET: ImportPreset = {
  id: 'preset-1',
  name: 'Karta kredytowa',
  format: 'csv',
  encoding: 'utf-8',
  mapping: {
    delimiter: ';',
    skipLines: 0,
    hasHeader: true,
    date: 0,
    dateOrder: 'dmy',
    amount: 1,
    payee: 2,
    decimalSeparator: ',',
    invertSign: false,
  },
}

export const RECORD: ImportRecordView = {
  importId: ImportId.make('import-1'),
  bankAccountId: CHECKING,
  format: 'mbank',
  fileName: 'wyciag.csv',
  at: Instant.make('2026-11-20T10:00:00.000Z'),
  by: UserId.make('user-me'),
  count: 42,
  undone: false,
  changed: 0,
}

type Pending<T> = Array<(answer: T) => void>

/** A port whose every request waits until the test answers it; each request is kept for inspection. */
export const scriptedPort = () => {
  const previews: Pending<PreviewOutcome> = []
  const commits: Pending<CommitOutcome> = []
  const samples: Pending<FileSample> = []
  const histories: Pending<HistoryOutcome> = []
  const undos: Pending<UndoOutcome> = []
  const presetLoads: Pending<PresetsOutcome> = []
  const presetWrites: Pending<WriteOutcome> = []
  const sent = {
    previews: [] as FileRequest[],
    commits: [] as CommitRequest[],
    samples: [] as Array<{ request: FileRequest; table: unknown }>,
    undos: [] as string[],
    presets: [] as Array<ImportPreset | string>,
  }
  const uploads: UploadListeners[] = []
  const wait = <T>(queue: Pending<T>) => new Promise<T>((resolve) => queue.push(resolve))
  let next = 0
  const port: ImportPort = {
    preview: (request, listeners) => {
      sent.previews.push(request)
      uploads.push(listeners)
      return wait(previews)
    },
    commit: (request, listeners) => {
      sent.commits.push(request)
      uploads.push(listeners)
      return wait(commits)
    },
    sample: (request, table) => {
      sent.samples.push({ request, table })
      return wait(samples)
    },
    history: () => wait(histories),
    undo: (importId) => {
      sent.undos.push(importId)
      return wait(undos)
    },
    presets: () => wait(presetLoads),
    savePreset: (preset) => {
      sent.presets.push(preset)
      return wait(presetWrites)
    },
    deletePreset: (presetId) => {
      sent.presets.push(presetId)
      return wait(presetWrites)
    },
    newId: () => `new-${++next}`,
  }
  return {
    port,
    sent,
    uploads,
    queues: { previews, commits, samples, histories, undos, presetLoads, presetWrites },
  }
}

/** An analytics stand-in that records the names it is told to track. */
export const recordingAnalytics = () => {
  const tracked: Array<{ name: string; props?: unknown }> = []
  const actor = createActor(
    fromCallback<{ type: string; name?: string; props?: unknown }>(({ receive }) => {
      receive((event) => {
        if (event.type === 'analytics.track' && event.name !== undefined)
          tracked.push({ name: event.name, props: event.props })
      })
    }),
  ).start()
  return { actor, tracked }
}
