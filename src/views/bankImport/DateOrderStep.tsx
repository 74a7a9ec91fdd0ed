import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { Button, Label, Radio, RadioGroup, Text } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { readDateAs, selectDateExample } from '../../../machines/bankImport/index.ts'
import { DateOrder } from '../../../schemas/imports.ts'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import type { ImportRef } from './useImportActor.ts'

const ORDERS: ReadonlyArray<DateOrder> = ['dmy', 'mdy', 'ymd']

const isOrder = (value: string): value is DateOrder =>
  (DateOrder.literals as readonly string[]).includes(value)

/** A QIF file's dates could be read two ways: the user says how, seeing how each way reads one of them. */
export function DateOrderStep({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const { locale } = useSharedTranslation()
  const example = useSelector(actor, selectDateExample)
  const [order, setOrder] = useState<DateOrder>('dmy')
  const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
  const reads = (choice: DateOrder) => {
    if (example === null) return null
    const date = readDateAs(example, choice)
    return date === null
      ? t('bankImport.dateOrder.notADate')
      : t('bankImport.dateOrder.reads', { date: long.format(new Date(`${date}T00:00:00Z`)) })
  }
  return (
    <section className="import-step" aria-labelledby="import-date-title">
      <h2 id="import-date-title" className="import-step__title">
        {t('bankImport.dateOrder.title')}
      </h2>
      <p>{t('bankImport.dateOrder.intro')}</p>
      {example === null ? null : (
        <p className="import-example">{t('bankImport.dateOrder.example', { text: example })}</p>
      )}
      <RadioGroup
        className="import-radios"
        value={order}
        onChange={(value) => {
          if (isOrder(value)) setOrder(value)
        }}
      >
        <Label className="field__label">{t('bankImport.dateOrder.label')}</Label>
        {ORDERS.map((choice) => (
          <Radio key={choice} value={choice} className="import-radio">
            <span className="import-radio__label">{t(`bankImport.dateOrder.${choice}`)}</span>
            {reads(choice) === null ? null : (
              <Text slot="description" className="import-radio__hint">
                {reads(choice)}
              </Text>
            )}
          </Radio>
        ))}
      </RadioGroup>
      <div className="import-actions">
        <Button className="button button--quiet" onPress={() => actor.send({ type: 'import.back' })}>
          {t('bankImport.back')}
        </Button>
        <Button
          className="button button--primary"
          onPress={() => actor.send({ type: 'import.setDateOrder', dateOrder: order })}
        >
          {t('bankImport.dateOrder.continue')}
        </Button>
      </div>
    </section>
  )
}
