import { expect, test } from '@playwright/test'
import { arrangeBudget } from './budgetData.ts'
import { currentPeriod, signInThrough, snap } from './support.ts'

// Issue 27 §1: "Dodaj kategorię" stays in sight once a group has categories (the empty group's inline button goes
// with its first category; the menu alone hid it from a newcomer).

test('a group with categories still offers to add one, beside its menu and in it', async ({
  page,
  request,
}, info) => {
  const budget = await arrangeBudget(request, `Grupy ${Date.now()}`)
  await signInThrough(page, `/budget/${budget.id}/period/${currentPeriod}`)
  await expect(page.getByText('Czynsz', { exact: true }).first()).toBeVisible()

  const add = page.getByRole('button', { name: 'Dodaj kategorię do grupy Wydatki stałe' })
  await expect(add).toBeVisible()
  await snap(page, info, 'group-add-category')
  await add.click()
  const dialog = page.getByRole('dialog', { name: 'Dodaj kategorię' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Anuluj' }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Działania grupy Wydatki stałe' }).click()
  await expect(page.getByRole('menuitem', { name: 'Dodaj kategorię' })).toBeVisible()
})
