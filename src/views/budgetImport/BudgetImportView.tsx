import './budgetImport.css'
import './texts.ts'
import { useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import {
  Button,
  DropZone,
  FileTrigger,
  Label,
  Link,
  ProgressBar,
  Radio,
  RadioGroup,
  Text,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type ChosenFile,
  problemMessage,
  selectCanChooseFile,
  selectCanRetry,
  selectCanStart,
  selectDetectedSource,
  selectFile,
  selectProblem,
  selectReport,
  selectSource,
  selectStage,
} from '../../../machines/budgetImport/index.ts'
import { BudgetImportSource } from '../../../schemas/budget.ts'
import type { BudgetId } from '../../../schemas/ids.ts'
import { paths } from '../../router/paths.ts'
import { BudgetNotFound, parseBudgetId } from '../budgetList/BudgetNotFound.tsx'
import { ImportReport } from './ImportReport.tsx'
import { type BudgetImportRef, useBudgetImportActor } from './useBudgetImportActor.ts'

/** Files the page offers to choose: JSON (YNAB, Koperta) and zip (Actual Budget). */
const ACCEPTED = ['.json', 'application/json', '.zip', 'application/zip']

const sources = BudgetImportSource.literals

const isSource = (value: string): value is BudgetImportSource =>
  (sources as readonly string[]).includes(value)

/** A file's size for people: kB or MB in the reader's language. */
const sizeOf = (bytes: number, locale: string) => {
  const megabytes = bytes >= 1024 * 1024
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / 1024 / 1024 : Math.max(0.1, bytes / 1024))
}

/** `/budget/$budgetId/import-budget` (desktop): a whole budget from a file into this new, empty budget. */
export function BudgetImportView() {
  const { budgetId } = useParams({ strict: false })
  const id = parseBudgetId(budgetId)
  if (id === null) return <BudgetNotFound />
  return <BudgetImport key={id} budgetId={id} />
}

function BudgetImport({ budgetId }: { readonly budgetId: BudgetId }) {
  const { t } = useTranslation()
  const flow = useBudgetImportActor(budgetId)
  const stage = useSelector(flow, selectStage)
  const report = useSelector(flow, selectReport)

  let body: ReactNode
  if (stage === 'imported' && report !== null)
    body = (
      <div className="budget-import__card" role="status">
        <h2 className="budget-import__heading">{t('budgetImport.doneTitle', { name: report.name })}</h2>
        <ImportReport report={report} />
        <Link className="button button--primary budget-import__go" href={paths.budget(budgetId)}>
          {t('budgetImport.goToBudget')}
        </Link>
      </div>
    )
  else
    body = (
      <>
        <p className="budget-import__intro">{t('budgetImport.intro')}</p>
        <FileChoice flow={flow} />
        <SourceChoice flow={flow} />
        <Progress flow={flow} />
        <Problem flow={flow} />
        <StartButton flow={flow} />
      </>
    )
  return <section className="budget-import">{body}</section>
}

function FileChoice({ flow }: { readonly flow: BudgetImportRef }) {
  const { t, i18n } = useTranslation()
  const file = useSelector(flow, selectFile)
  const canChoose = useSelector(flow, selectCanChooseFile)
  const choose = (chosen: ChosenFile | null | undefined) => {
    if (chosen) flow.send({ type: 'import.fileChosen', file: chosen })
  }
  return (
    <DropZone
      className="budget-import__drop"
      isDisabled={!canChoose}
      getDropOperation={(types) =>
        ACCEPTED.some((type) => types.has(type)) || types.has('') ? 'copy' : 'cancel'
      }
      onDrop={async (event) => {
        const item = event.items.find((candidate) => candidate.kind === 'file')
        if (item?.kind === 'file') choose(await item.getFile())
      }}
    >
      <Text slot="label" className="budget-import__drop-label">
        {t('budgetImport.dropZone')}
      </Text>
      <p className="budget-import__hint">{t('budgetImport.dropHint')}</p>
      <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={(files) => choose(files?.[0])}>
        <Button className="button" isDisabled={!canChoose}>
          {file === null ? t('budgetImport.chooseFile') : t('budgetImport.chooseAnother')}
        </Button>
      </FileTrigger>
      {file === null ? null : (
        <p className="budget-import__file">
          {t('budgetImport.file', { name: file.name, size: sizeOf(file.size, i18n.language) })}
        </p>
      )}
    </DropZone>
  )
}

function SourceChoice({ flow }: { readonly flow: BudgetImportRef }) {
  const { t } = useTranslation()
  const stage = useSelector(flow, selectStage)
  const detected = useSelector(flow, selectDetectedSource)
  const source = useSelector(flow, selectSource)
  if (stage !== 'ready' && stage !== 'failed' && stage !== 'importing') return null
  return (
    <div className="budget-import__source">
      <p role="status">
        {detected === null
          ? t('budgetImport.notDetected')
          : t('budgetImport.detected', { source: t(`budgetImport.source.${detected}`) })}
      </p>
      <RadioGroup
        className="budget-import__choices"
        value={source}
        isDisabled={stage === 'importing'}
        onChange={(value) => {
          if (isSource(value)) flow.send({ type: 'import.sourceChosen', source: value })
        }}
      >
        <Label className="budget-import__choices-label">{t('budgetImport.sourceLabel')}</Label>
        {sources.map((choice) => (
          <Radio key={choice} value={choice} className="budget-import__choice">
            {t(`budgetImport.source.${choice}`)}
          </Radio>
        ))}
      </RadioGroup>
    </div>
  )
}

function Progress({ flow }: { readonly flow: BudgetImportRef }) {
  const { t } = useTranslation()
  const stage = useSelector(flow, selectStage)
  if (stage !== 'inspecting' && stage !== 'importing') return null
  const label = stage === 'inspecting' ? t('budgetImport.inspecting') : t('budgetImport.importing')
  return (
    <ProgressBar className="budget-import__progress" isIndeterminate aria-label={t('budgetImport.progress')}>
      <span className="budget-import__progress-label">{label}</span>
      <span className="budget-import__progress-track">
        <span className="budget-import__progress-fill" />
      </span>
    </ProgressBar>
  )
}

function Problem({ flow }: { readonly flow: BudgetImportRef }) {
  const { t } = useTranslation()
  const problem = useSelector(flow, selectProblem)
  const canRetry = useSelector(flow, selectCanRetry)
  if (problem === null) return null
  const { key } = problemMessage(problem)
  return (
    <div className="notice notice--error budget-import__problem" role="alert">
      <p>{t(key)}</p>
      <p>{t('budgetImport.nothingWritten')}</p>
      {canRetry && problem.outcome === 'failed' ? (
        <Button className="button" onPress={() => flow.send({ type: 'import.retry' })}>
          {t('budgetImport.retry')}
        </Button>
      ) : null}
    </div>
  )
}

function StartButton({ flow }: { readonly flow: BudgetImportRef }) {
  const { t } = useTranslation()
  const stage = useSelector(flow, selectStage)
  const canStart = useSelector(flow, selectCanStart)
  if (stage !== 'ready') return null
  return (
    <Button
      className="button button--primary budget-import__start"
      isDisabled={!canStart}
      onPress={() => flow.send({ type: 'import.start' })}
    >
      {t('budgetImport.start')}
    </Button>
  )
}
