import { useSelector } from '@xstate/react'
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectPayeeSuggestions,
  selectTransactionFields,
  type TransactionFormRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { ChevronDownIcon } from '../../../components/icons.tsx'

const sameNames = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.join('\n') === b.join('\n')

/** The payee: free text, with payees from history containing what was typed. */
export function PayeeField({ form }: { readonly form: TransactionFormRef }) {
  const { t } = useTranslation()
  const payee = useSelector(form, (snapshot) => selectTransactionFields(snapshot).payee)
  const suggestions = useSelector(form, selectPayeeSuggestions, sameNames)
  const items = suggestions.map((name) => ({ id: name, name }))
  return (
    <ComboBox
      className="field"
      allowsCustomValue
      inputValue={payee}
      onInputChange={(value) => form.send({ type: 'form.change', field: 'payee', value })}
      onSelectionChange={(key) => {
        if (key !== null) form.send({ type: 'form.change', field: 'payee', value: String(key) })
      }}
      items={items}
      menuTrigger="input"
    >
      <Label className="field__label">{t('transactions.editor.payee')}</Label>
      <div className="tx-combo">
        <Input className="field__input tx-combo__input" />
        <Button
          className="icon-button tx-combo__button"
          aria-label={t('transactions.editor.payeeSuggestions')}
        >
          <ChevronDownIcon />
        </Button>
      </div>
      <Popover className="select-popover">
        <ListBox className="select-list">
          {(item: { id: string; name: string }) => (
            <ListBoxItem className="select-list__item" id={item.id} textValue={item.name}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
