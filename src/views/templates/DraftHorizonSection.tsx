import './texts.ts'
import './templates.css'
import '../../components/dialog/form.css'
import * as Result from 'effect/Result'
import { useState } from 'react'
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { checkDraftHorizon } from '../../../machines/dialogs/transactionTemplate/index.ts'
import { selectLoadState } from '../../../machines/openBudget/index.ts'
import { selectDraftHorizonDays } from '../../../machines/openBudget/selectors/templates.ts'
import type { BudgetId } from '../../../schemas/ids.ts'
import { OpenBudget, useBudget, useBudgetRef, useEditGate } from '../../openBudget/OpenBudget.tsx'

/** Budget settings: how many days ahead recurring transactions show as drafts (SetDraftHorizon, default 7). */
export function DraftHorizonSection({ budgetId }: { readonly budgetId: BudgetId }) {
  const { t } = useTranslation()
  return (
    <section className="budget-settings__section" aria-labelledby="budget-settings-drafts">
      <h2 id="budget-settings-drafts">{t('templates.list.title')}</h2>
      <OpenBudget budgetId={budgetId}>
        <WhenLoaded />
      </OpenBudget>
    </section>
  )
}

function WhenLoaded() {
  return useBudget(selectLoadState) === 'ready' ? <HorizonForm /> : null
}

function HorizonForm() {
  const { t } = useTranslation()
  const budget = useBudgetRef()
  const days = useBudget(selectDraftHorizonDays)
  const [text, setText] = useState(String(days))
  const [tried, setTried] = useState(false)
  const [saved, setSaved] = useState(false)
  const gate = useEditGate()
  const checked = checkDraftHorizon(text)
  const error = tried && Result.isFailure(checked) ? checked.failure : undefined
  return (
    <Form
      className="horizon-form"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (Result.isFailure(checked)) return
        budget.send({
          type: 'budget.command',
          commands: [{ _tag: 'SetDraftHorizon', days: checked.success }],
        })
        setSaved(true)
      }}
    >
      <TextField
        {...gate}
        className="field"
        value={text}
        inputMode="numeric"
        onChange={(value) => {
          setText(value)
          setSaved(false)
        }}
        isInvalid={error !== undefined}
      >
        <Label className="field__label">{t('templates.horizon.label')}</Label>
        <Input className="field__input" />
        <Text slot="description" className="field__description">
          {t('templates.horizon.help')}
        </Text>
        <FieldError className="field__error">
          {error === undefined ? '' : t(error.key, error.params ?? {})}
        </FieldError>
      </TextField>
      <Button {...gate} className="button" type="submit">
        {t('templates.horizon.save')}
      </Button>
      {saved ? <p role="status">{t('templates.horizon.saved')}</p> : null}
    </Form>
  )
}
