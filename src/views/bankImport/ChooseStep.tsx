import { useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import {
  Button,
  Disclosure,
  DisclosurePanel,
  DropZone,
  FileTrigger,
  Group,
  Heading,
  Input,
  Label,
  NumberField,
  Text,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  MAX_WINDOW_DAYS,
  selectAccountId,
  selectCanRead,
  selectFile,
  selectOptions,
  selectPresetId,
  selectPresets,
  selectPresetsLoadState,
  selectPresetsRef,
  selectReadProblem,
} from '../../../machines/bankImport/index.ts'
import { selectAccountsOverview } from '../../../machines/openBudget/selectors/accounts.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { ImportEncoding, ImportFormat, type ImportPreset } from '../../../schemas/imports.ts'
import { ChoiceSelect } from '../../components/dialog/FormDialog.tsx'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import { encodingChoices, formatChoices } from './formats.ts'
import { problemText } from './problemText.ts'
import type { ImportRef } from './useImportActor.ts'

// react-aria keys cannot be empty: "detect it" travels as this key.
const AUTO = '__auto__'

/** Files a bank export may come as; phones show every file when a type is unknown to them. */
const ACCEPTED = ['.csv', '.txt', '.tsv', '.ofx', '.qfx', '.qif', '.xml', '.sta', '.mt940', '.940', '.exp']

const isFormat = (value: string): value is ImportFormat =>
  (ImportFormat.literals as readonly string[]).includes(value)
const isEncoding = (value: string): value is ImportEncoding =>
  (ImportEncoding.literals as readonly string[]).includes(value)

/** '12,5 kB' in the user's locale. */
const useFileSize = () => {
  const { locale } = useSharedTranslation()
  return (bytes: number) =>
    bytes < 1024
      ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'short' }).format(bytes)
      : bytes < 1024 * 1024
        ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(
            bytes / 1024,
          )
        : new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
            bytes / 1024 / 1024,
          )
}

/** The drop zone with its button: a dropped or chosen file replaces the one chosen before. */
function FileField({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const file = useSelector(actor, selectFile)
  const size = useFileSize()
  const labelId = useId()
  const choose = (chosen: File | undefined) => {
    if (chosen !== undefined) actor.send({ type: 'import.chooseFile', file: chosen })
  }
  return (
    <div className="import-file">
      <span id={labelId} className="field__label">
        {t('bankImport.choose.file')}
      </span>
      <DropZone
        className="import-drop"
        aria-labelledby={labelId}
        onDrop={async (event) => {
          const item = event.items.find((dropped) => dropped.kind === 'file')
          if (item?.kind === 'file') choose(await item.getFile())
        }}
      >
        <Text slot="label" className="import-drop__text">
          {file === null
            ? t('bankImport.choose.drop')
            : t('bankImport.choose.chosen', { name: file.name, size: size(file.size) })}
        </Text>
        <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={(files) => choose(files?.[0])}>
          <Button className="button button--quiet">
            {file === null ? t('bankImport.choose.pick') : t('bankImport.choose.change')}
          </Button>
        </FileTrigger>
        <span className="import-drop__hint">{t('bankImport.choose.formats')}</span>
      </DropZone>
    </div>
  )
}

function PresetPicker({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const presetsRef = useSelector(actor, selectPresetsRef)
  const chosen = useSelector(actor, selectPresetId)
  if (presetsRef === undefined) return null
  return <PresetSelect actor={actor} presetsRef={presetsRef} chosen={chosen} t={t} />
}

function PresetSelect({
  actor,
  presetsRef,
  chosen,
  t,
}: {
  readonly actor: ImportRef
  readonly presetsRef: NonNullable<ReturnType<typeof selectPresetsRef>>
  readonly chosen: string | null
  readonly t: ReturnType<typeof useTranslation>['t']
}) {
  const load = useSelector(presetsRef, selectPresetsLoadState)
  const presets = useSelector(presetsRef, selectPresets)
  if (load === 'loading') return null
  if (load === 'failed')
    return (
      <p className="import-muted">
        {t('bankImport.choose.presetsFailed')}{' '}
        <Button className="button button--quiet" onPress={() => presetsRef.send({ type: 'presets.retry' })}>
          {t('bankImport.retry')}
        </Button>
      </p>
    )
  if (presets.length === 0) return <p className="import-muted">{t('bankImport.choose.noPresets')}</p>
  const find = (id: string): ImportPreset | null => presets.find((preset) => preset.id === id) ?? null
  const current = chosen === null ? null : find(chosen)
  return (
    <div className="import-preset">
      <ChoiceSelect
        label={t('bankImport.choose.preset')}
        value={chosen ?? AUTO}
        choices={[
          { id: AUTO, label: t('bankImport.choose.presetNone') },
          ...presets.map((preset) => ({ id: preset.id, label: preset.name })),
        ]}
        error=""
        onChange={(id) => actor.send({ type: 'import.applyPreset', preset: id === AUTO ? null : find(id) })}
      />
      {current === null ? null : (
        <Button
          className="button button--quiet"
          onPress={() => {
            presetsRef.send({ type: 'presets.delete', presetId: current.id })
            actor.send({ type: 'import.applyPreset', preset: null })
          }}
        >
          {t('bankImport.choose.deletePreset', { name: current.name })}
        </Button>
      )}
    </div>
  )
}

/** How to read the file when detection is not enough: format, encoding, a saved preset, the duplicate window. */
function Advanced({ actor, open }: { readonly actor: ImportRef; readonly open: boolean }) {
  const { t } = useTranslation()
  const options = useSelector(actor, selectOptions)
  // Open when something in it is set, or when the file's problem is solved in it (another format).
  const [expanded, setExpanded] = useState(open || options.format !== null || options.encoding !== null)
  return (
    <Disclosure className="import-advanced" isExpanded={expanded} onExpandedChange={setExpanded}>
      <Heading level={3} className="import-advanced__heading">
        <Button slot="trigger" className="button button--quiet import-advanced__trigger">
          {t('bankImport.choose.advanced')}
        </Button>
      </Heading>
      <DisclosurePanel className="import-advanced__panel">
        <PresetPicker actor={actor} />
        <ChoiceSelect
          label={t('bankImport.choose.format')}
          value={options.format ?? AUTO}
          choices={[{ id: AUTO, label: t('bankImport.choose.formatAuto') }, ...formatChoices(t)]}
          error=""
          onChange={(id) => actor.send({ type: 'import.setFormat', format: isFormat(id) ? id : null })}
        />
        <ChoiceSelect
          label={t('bankImport.choose.encoding')}
          value={options.encoding ?? AUTO}
          choices={[{ id: AUTO, label: t('bankImport.choose.encodingAuto') }, ...encodingChoices()]}
          error=""
          onChange={(id) => actor.send({ type: 'import.setEncoding', encoding: isEncoding(id) ? id : null })}
        />
        <NumberField
          className="field"
          value={options.windowDays}
          minValue={0}
          maxValue={MAX_WINDOW_DAYS}
          step={1}
          onChange={(days) => {
            if (Number.isFinite(days)) actor.send({ type: 'import.setWindow', days })
          }}
        >
          <Label className="field__label">{t('bankImport.choose.window')}</Label>
          <Group className="import-number">
            <Button slot="decrement" className="button button--quiet import-number__step">
              -
            </Button>
            <Input className="field__input import-number__input" />
            <Button slot="increment" className="button button--quiet import-number__step">
              +
            </Button>
          </Group>
          <Text slot="description" className="field__description">
            {t('bankImport.choose.windowHint')}
          </Text>
        </NumberField>
      </DisclosurePanel>
    </Disclosure>
  )
}

/** Step 1: the account, the file and, when needed, how to read it. */
export function ChooseStep({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const accountId = useSelector(actor, selectAccountId)
  const canRead = useSelector(actor, selectCanRead)
  const problem = useSelector(actor, selectReadProblem)
  const { open } = useBudget(selectAccountsOverview)
  return (
    <section className="import-step" aria-labelledby="import-choose-title">
      <h2 id="import-choose-title" className="import-step__title">
        {t('bankImport.choose.title')}
      </h2>
      <p className="import-muted">{t('bankImport.choose.intro')}</p>
      {open.length === 0 ? (
        <p className="notice">{t('bankImport.choose.noAccounts')}</p>
      ) : (
        <ChoiceSelect
          label={t('bankImport.choose.account')}
          value={accountId}
          choices={open.map(({ account }) => ({ id: account.id, label: account.name }))}
          error=""
          onChange={(id) =>
            actor.send({ type: 'import.chooseAccount', bankAccountId: BankAccountId.make(id) })
          }
        />
      )}
      <FileField actor={actor} />
      {problem === null ? null : (
        <div className="notice notice--error" role="alert">
          <p className="notice__title">{t('bankImport.problem.title')}</p>
          <p>{problemText(t, problem)}</p>
        </div>
      )}
      <Advanced
        actor={actor}
        open={problem?.kind === 'file' && (problem.reason === 'wrong-format' || problem.reason === 'binary')}
      />
      <div className="import-actions">
        <Button
          className="button button--primary"
          isDisabled={!canRead}
          onPress={() => actor.send({ type: 'import.read' })}
        >
          {t('bankImport.choose.read')}
        </Button>
      </div>
    </section>
  )
}
