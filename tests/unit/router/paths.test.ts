import { describe, expect, it } from 'vitest'
import { BankAccountId } from '../../../schemas/ids.ts'
import { paths, pathTo } from '../../../src/router/paths.ts'

describe('app paths', () => {
  it('fills every parameter of a route pattern, URI-encoded', () => {
    expect(pathTo('/budget/$budgetId/period/$periodKey', { budgetId: 'b 1', periodKey: '202611' })).toBe(
      '/budget/b%201/period/202611',
    )
  })

  it('drops an optional segment that is not given', () => {
    expect(paths.bankAccountModal('b1')).toBe('/budget/b1/bankAccount/modal')
    expect(paths.bankAccountModal('b1', 'a1')).toBe('/budget/b1/bankAccount/a1/modal')
    expect(paths.budgetModal(null)).toBe('/budget/edit')
    expect(paths.transactionEditor('b1', '202611', 'c1')).toBe(
      '/budget/b1/period/202611/categories/c1/transactions',
    )
  })

  it('adds the desktop search in a stable order, and nothing when there is none', () => {
    expect(paths.period('b1', '202611')).toBe('/budget/b1/period/202611')
    expect(paths.period('b1', '202611', { account: BankAccountId.make('a1'), view: 'transactions' })).toBe(
      '/budget/b1/period/202611?view=transactions&account=a1',
    )
    expect(paths.assign('b1', '202611', 'c1')).toBe('/budget/b1/period/202611/assign?category=c1')
  })

  it('names the budgets list of each device', () => {
    expect(paths.budgetsList('desktop', 'b1')).toBe('/budgets')
    expect(paths.budgetsList('mobile')).toBe('/budget/list')
    expect(paths.budgetsList('mobile', 'b1')).toBe('/budget/b1/list')
  })

  it('builds each structure dialog route', () => {
    expect(paths.structureDialog('b1', { kind: 'addGroup' })).toBe('/budget/b1/category-group')
    expect(paths.structureDialog('b1', { kind: 'deleteCategory', groupId: 'g1', categoryId: 'c1' })).toBe(
      '/budget/b1/group/g1/category/c1/delete',
    )
  })
})
