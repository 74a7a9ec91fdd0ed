import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { fieldsDiffer, selectIsConfirmingDiscard } from '../../../../machines/dialogs/shared/index.ts'
import { transactionFormMachine } from '../../../../machines/dialogs/transactionEditor/index.ts'
import { transferMachine } from '../../../../machines/dialogs/transfer/index.ts'
import { IsoDate } from '../../../../schemas/money.ts'
import { ids } from '../budget.fakes.ts'
import { PL, startRequestRecorder } from './dialog.fakes.ts'

const TODAY = IsoDate.make('2026-11-21')

const openTransfer = () => {
  const { actor: budget, requests } = startRequestRecorder()
  const dialog = createActor(transferMachine, {
    input: { ...PL, budget, newId: () => 'id', props: { fromBankAccountId: ids.checking, today: TODAY } },
  }).start()
  return { dialog, requests }
}

describe('cancelling a form with unsaved changes', () => {
  it('closes an untouched form at once', () => {
    const { dialog } = openTransfer()
    dialog.send({ type: 'dialog.cancel' })
    expect(dialog.getSnapshot().status).toBe('done')
  })

  it('asks first when a field changed; keeping returns to the form with the text as typed', () => {
    const { dialog, requests } = openTransfer()
    dialog.send({ type: 'form.change', field: 'amount', value: '12,50' })
    dialog.send({ type: 'dialog.cancel' })
    expect(selectIsConfirmingDiscard(dialog.getSnapshot())).toBe(true)
    dialog.send({ type: 'discard.keep' })
    expect(dialog.getSnapshot().value).toBe('editing')
    expect(dialog.getSnapshot().context.fields.amount).toBe('12,50')
    dialog.send({ type: 'dialog.cancel' })
    dialog.send({ type: 'discard.confirm' })
    expect(dialog.getSnapshot().status).toBe('done')
    expect(requests).toEqual([])
  })

  it('a field changed and changed back is no change', () => {
    const { dialog } = openTransfer()
    dialog.send({ type: 'form.change', field: 'memo', value: 'x' })
    dialog.send({ type: 'form.change', field: 'memo', value: '' })
    dialog.send({ type: 'dialog.cancel' })
    expect(dialog.getSnapshot().status).toBe('done')
  })

  it('the transaction editor asks too, also for a split edit', () => {
    const { actor: budget } = startRequestRecorder()
    const form = createActor(transactionFormMachine, {
      input: { ...PL, budget, newId: () => 'id', props: { mode: 'add', today: TODAY, payees: [] } },
    }).start()
    form.send({ type: 'split.add' })
    form.send({ type: 'dialog.cancel' })
    expect(selectIsConfirmingDiscard(form.getSnapshot())).toBe(true)
    form.send({ type: 'discard.confirm' })
    expect(form.getSnapshot().status).toBe('done')
  })

  it('compares plain values by content', () => {
    expect(fieldsDiffer({ a: '1', s: [{ c: null }] }, { a: '1', s: [{ c: null }] })).toBe(false)
    expect(fieldsDiffer({ a: '1', s: [{ c: null }] }, { a: '1', s: [{ c: null }, { c: null }] })).toBe(true)
    expect(fieldsDiffer({ a: '1' }, { a: '2' })).toBe(true)
    expect(fieldsDiffer({ a: [] }, { a: {} })).toBe(true)
  })
})
