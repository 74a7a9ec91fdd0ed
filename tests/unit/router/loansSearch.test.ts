import { describe, expect, it } from 'vitest'
import { validateLoansSearch } from '../../../src/router/loansSearch.ts'

describe('loans search', () => {
  it('keeps a dialog and an activity type it knows', () => {
    expect(validateLoansSearch({ dialog: 'activity', activity: 'PrincipalChange' })).toEqual({
      dialog: 'activity',
      activity: 'PrincipalChange',
    })
    expect(validateLoansSearch({ dialog: 'newLoan' })).toEqual({ dialog: 'newLoan' })
  })

  it('drops a parameter it does not know, not the page', () => {
    expect(validateLoansSearch({ dialog: 'bogus', activity: 'Payment' })).toEqual({ activity: 'Payment' })
    expect(validateLoansSearch({ dialog: 'close', activity: 42 })).toEqual({ dialog: 'close' })
    expect(validateLoansSearch({})).toEqual({})
  })
})
