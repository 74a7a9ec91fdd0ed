import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { Button, Label, Radio, RadioGroup } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { getToastsRef } from '../../../machines/app/index.ts'
import { budgetExportMachine, selectIsExporting } from '../../../machines/budgetExport/index.ts'
import type { ExportBudgetBody } from '../../../schemas/budgetImport.ts'
import type { BudgetId } from '../../../schemas/ids.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useAppActor } from '../../app/AppActor.tsx'
import { createBudgetExportPort, downloadFile } from '../../ports/budgetImportPort.ts'

type Format = ExportBudgetBody['format']
type Language = NonNullable<ExportBudgetBody['language']>
type Delimiter = NonNullable<ExportBudgetBody['delimiter']>

const formats: readonly Format[] = ['koperta', 'csv']
const languages: readonly Language[] = ['pl', 'en']
const delimiters: readonly Delimiter[] = [';', ',']

const oneOf =
  <T extends string>(choices: readonly T[]) =>
  (value: string): value is T =>
    (choices as readonly string[]).includes(value)

/** Budget settings' export: Koperta's own file, or every transaction as CSV (pl or en; `;` or `,`). */
export function ExportBudget({ budgetId }: { readonly budgetId: BudgetId }) {
  const { t, i18n } = useTranslation()
  const app = useAppActor()
  const loadApi = useLoadApi()
  const port = useMemo(() => createBudgetExportPort(loadApi, downloadFile), [loadApi])
  const exporter = useActorRef(budgetExportMachine, { input: { port, budgetId, toasts: getToastsRef(app) } })
  const exporting = useSelector(exporter, selectIsExporting)
  const [format, setFormat] = useState<Format>('koperta')
  const [language, setLanguage] = useState<Language>(i18n.language === 'pl' ? 'pl' : 'en')
  const [delimiter, setDelimiter] = useState<Delimiter>(';')
  const options: ExportBudgetBody = format === 'csv' ? { format, language, delimiter } : { format }
  return (
    <section className="budget-settings__section" aria-labelledby="budget-settings-export">
      <h2 id="budget-settings-export">{t('budgets.exportView.title')}</h2>
      <p>{t('budgets.exportView.explain')}</p>
      <RadioGroup
        className="budget-settings__choices"
        value={format}
        onChange={(value) => {
          if (oneOf(formats)(value)) setFormat(value)
        }}
      >
        <Label className="budget-settings__choices-label">{t('budgets.exportView.format')}</Label>
        <Radio value="koperta" className="budget-settings__choice">
          {t('budgets.exportView.koperta')}
        </Radio>
        <Radio value="csv" className="budget-settings__choice">
          {t('budgets.exportView.csv')}
        </Radio>
      </RadioGroup>
      {format === 'csv' ? (
        <>
          <RadioGroup
            className="budget-settings__choices"
            value={language}
            onChange={(value) => {
              if (oneOf(languages)(value)) setLanguage(value)
            }}
          >
            <Label className="budget-settings__choices-label">{t('budgets.exportView.language')}</Label>
            <Radio value="pl" className="budget-settings__choice">
              {t('budgets.exportView.languagePl')}
            </Radio>
            <Radio value="en" className="budget-settings__choice">
              {t('budgets.exportView.languageEn')}
            </Radio>
          </RadioGroup>
          <RadioGroup
            className="budget-settings__choices"
            value={delimiter}
            onChange={(value) => {
              if (oneOf(delimiters)(value)) setDelimiter(value)
            }}
          >
            <Label className="budget-settings__choices-label">{t('budgets.exportView.delimiter')}</Label>
            <Radio value=";" className="budget-settings__choice">
              {t('budgets.exportView.semicolon')}
            </Radio>
            <Radio value="," className="budget-settings__choice">
              {t('budgets.exportView.comma')}
            </Radio>
          </RadioGroup>
        </>
      ) : null}
      <Button
        className="button button--primary budget-settings__export"
        isPending={exporting}
        onPress={() => exporter.send({ type: 'export.start', options })}
      >
        {exporting ? t('budgets.exportView.exporting') : t('budgets.exportView.submit')}
      </Button>
    </section>
  )
}
