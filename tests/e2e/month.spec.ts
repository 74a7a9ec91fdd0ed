import { expect, type Page, test } from '@playwright/test'
import { api, arrangeBudget } from './budgetData.ts'
import { expectNoSeriousA11yViolations, signInThrough, snap, zl } from './support.ts'

// The month view (issue 5): Ready to Assign, the month switcher, assigning, undo and the budget's structure.

const periodOf = (date: Date) => `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, '0')}`
const nextPeriodOf = (period: string) => {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4))
  return month === 12 ? `${year + 1}01` : `${year}${String(month + 1).padStart(2, '0')}`
}
const monthNameOf = (period: string) => {
  const text = new Intl.DateTimeFormat('pl-PL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4)) - 1, 1),
  )
  return text.charAt(0).toLocaleUpperCase('pl-PL') + text.slice(1)
}

const readyToAssign = (page: Page) => page.getByTestId('ready-to-assign')

/** The switch's input is visually hidden behind its track; people click the label or press Space. */
async function toggleShowHidden(page: Page) {
  await page.getByRole('switch', { name: 'Pokaż ukryte' }).focus()
  await page.keyboard.press('Space')
}

async function chooseInMenu(page: Page, trigger: string, item: string) {
  await page.getByRole('button', { name: trigger, exact: true }).click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

test('desktop: the month, assigning by keyboard, undo and the structure', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'the desktop layout')
  test.setTimeout(90_000)
  const budget = await arrangeBudget(request, `Miesiąc ${Date.now()}`)
  const period = periodOf(new Date())
  const path = `/budget/${budget.id}/period/${period}`
  await signInThrough(page, path)

  await expect(page.getByRole('heading', { name: monthNameOf(period) })).toBeVisible()
  await expect(readyToAssign(page)).toHaveText(zl('5 000,00'))
  // Money waiting for a job is not "done": no tick beside it (the tick is for everything assigned).
  await expect(page.getByText('Czeka na przydział', { exact: true })).toBeVisible()
  await expect(page.locator('.rta__status svg')).toHaveCount(0)

  // The banner opens the assign dialogs (their content is the category area's).
  const banner = page.getByRole('region', { name: 'Do przydzielenia' })
  for (const action of ['Przydziel', 'Automatyczny przydział']) {
    await banner.getByRole('button', { name: action, exact: true }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: /^(Anuluj|Zamknij)$/ }).click()
    await expect(dialog).toHaveCount(0)
  }

  // Add a group and a category through the dialogs.
  await page.getByRole('button', { name: 'Dodaj grupę' }).click()
  const groupDialog = page.getByRole('dialog', { name: 'Dodaj grupę kategorii' })
  await groupDialog.getByRole('textbox', { name: 'Nazwa grupy' }).fill('Przyjemności')
  await groupDialog.getByRole('button', { name: 'Dodaj' }).click()
  await expect(groupDialog).toHaveCount(0)
  await expect(page.getByRole('rowheader', { name: /Przyjemności/ })).toBeVisible()

  await chooseInMenu(page, 'Działania grupy Przyjemności', 'Dodaj kategorię')
  const categoryDialog = page.getByRole('dialog', { name: 'Dodaj kategorię' })
  await categoryDialog.getByRole('textbox', { name: 'Nazwa kategorii' }).fill('Wakacje')
  await categoryDialog.getByRole('button', { name: 'Dodaj' }).click()
  await expect(categoryDialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Wakacje', exact: true })).toBeVisible()

  // Assign inline, by keyboard only.
  const rent = page.getByRole('textbox', { name: 'Przydzielono: Czynsz' })
  await rent.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('1234,50')
  await page.keyboard.press('Enter')
  await expect(readyToAssign(page)).toHaveText(zl('3 765,50'))
  const rentRow = page.getByRole('row', { name: /Czynsz/ })
  await expect(rentRow.getByText(zl('1 234,50')).last()).toBeVisible()
  await expect(rentRow.getByText('Zasilona')).toBeVisible()

  // Bad text shows the form's message; Escape puts the amount back.
  await rent.fill('dużo')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Podaj kwotę, np. 1 234,56.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(rent).toHaveValue('1234,50')
  await expect(page.getByText('Podaj kwotę, np. 1 234,56.')).toHaveCount(0)

  // Over-assigning turns Ready to Assign negative, in words as well as colour.
  const food = page.getByRole('textbox', { name: 'Przydzielono: Jedzenie' })
  await food.fill('4000')
  await food.press('Tab')
  await expect(readyToAssign(page)).toHaveText(`-${zl('234,50')}`)
  await expect(page.getByText('Przydzielono za dużo', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'month-view-negative')

  // Undo the last assignment.
  await page.getByRole('button', { name: 'Cofnij ostatni przydział' }).click()
  await expect(readyToAssign(page)).toHaveText(zl('3 765,50'))
  await expect(page.getByRole('status').filter({ hasText: 'Cofnięto ostatni przydział.' })).toBeVisible()
  await expect(food).toHaveValue('0,00')

  // Choosing a category opens it in the right-hand column.
  await page.getByRole('button', { name: 'Czynsz', exact: true }).click()
  await expect(page.getByRole('row', { name: /Czynsz/ })).toHaveAttribute('data-selected', 'true')

  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'month-view')

  // The next month: its name, the money carried over, and back.
  await page.getByRole('link', { name: 'Następny miesiąc' }).click()
  const next = nextPeriodOf(period)
  await expect(page).toHaveURL(new RegExp(`/period/${next}$`))
  await expect(page.getByRole('heading', { name: monthNameOf(next) })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Przydzielono: Czynsz' })).toHaveValue('0,00')
  await expect(page.getByRole('row', { name: /Czynsz/ }).getByText(zl('1 234,50'))).toBeVisible()
  await page.getByRole('link', { name: 'Poprzedni miesiąc' }).click()
  await expect(page).toHaveURL(new RegExp(`/period/${period}$`))

  // The 'view' search parameter swaps the main column for the transactions, which span every month: the heading
  // says so and no month switcher stands above them (docs/decisions/0016).
  await page.goto(`${path}?view=transactions`)
  await expect(page.getByRole('heading', { name: 'Wszystkie transakcje', level: 1 })).toBeVisible()
  await expect(page.getByText('Wszystkie miesiące i wszystkie konta, od najnowszych.')).toBeVisible()
  await expect(page.getByRole('table', { name: /Kategorie w miesiącu/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Następny miesiąc' })).toHaveCount(0)
  await page.goto(path)
  await expect(page.getByRole('table', { name: /Kategorie w miesiącu/ })).toBeVisible()

  // A row's menu by keyboard: the arrow opens it on its first item, Escape closes it and gives the focus back.
  const rowMenu = page.getByRole('button', { name: 'Działania kategorii Czynsz', exact: true })
  await rowMenu.focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Zmień nazwę' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(rowMenu).toBeFocused()

  // Hide a category: gone until 'show hidden'.
  await chooseInMenu(page, 'Działania kategorii Jedzenie', 'Ukryj')
  await expect(page.getByRole('button', { name: 'Jedzenie', exact: true })).toHaveCount(0)
  await expect(page.getByText('1 ukryty element')).toBeVisible()
  await toggleShowHidden(page)
  await expect(page.getByRole('button', { name: 'Jedzenie', exact: true })).toBeVisible()
  await chooseInMenu(page, 'Działania kategorii Jedzenie', 'Pokaż')
  await toggleShowHidden(page)
  await expect(page.getByRole('button', { name: 'Jedzenie', exact: true })).toBeVisible()

  // Move a category down, by keyboard through its menu.
  await chooseInMenu(page, 'Działania kategorii Czynsz', 'Przesuń w dół')
  await expect(page.getByRole('button', { name: /^(Czynsz|Jedzenie)$/ }).first()).toHaveText('Jedzenie')

  // Rename.
  await chooseInMenu(page, 'Działania kategorii Wakacje', 'Zmień nazwę')
  const editDialog = page.getByRole('dialog', { name: 'Edytuj kategorię' })
  await editDialog.getByRole('textbox', { name: 'Nazwa kategorii' }).fill('Urlop')
  await editDialog.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByRole('button', { name: 'Urlop', exact: true })).toBeVisible()

  // Delete, its money going to a chosen category.
  await chooseInMenu(page, 'Działania kategorii Urlop', 'Usuń')
  const deleteDialog = page.getByRole('dialog', { name: 'Usuń kategorię' })
  await deleteDialog.getByRole('button', { name: /Przenieś pieniądze i transakcje do/ }).click()
  await page.getByRole('option', { name: 'Czynsz' }).click()
  await deleteDialog.getByRole('button', { name: 'Usuń' }).click()
  await expect(deleteDialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Urlop', exact: true })).toHaveCount(0)
  await expect(page.getByText('Nie ma już tej kategorii ani grupy.')).toHaveCount(0)

  // Rename the group, hide it and bring it back.
  await chooseInMenu(page, 'Działania grupy Przyjemności', 'Zmień nazwę')
  const renameGroup = page.getByRole('dialog', { name: 'Zmień nazwę grupy' })
  await renameGroup.getByRole('textbox', { name: 'Nazwa grupy' }).fill('Rozrywka')
  await renameGroup.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByRole('rowheader', { name: /Rozrywka/ })).toBeVisible()
  await chooseInMenu(page, 'Działania grupy Rozrywka', 'Ukryj')
  await expect(page.getByRole('rowheader', { name: /Rozrywka/ })).toHaveCount(0)
  await expect(page.getByText('1 ukryty element')).toBeVisible()
  await toggleShowHidden(page)
  await chooseInMenu(page, 'Działania grupy Rozrywka', 'Pokaż')
  await toggleShowHidden(page)
  await expect(page.getByRole('rowheader', { name: /Rozrywka/ })).toBeVisible()

  // Delete the now empty group the same way.
  await chooseInMenu(page, 'Działania grupy Rozrywka', 'Usuń grupę')
  const deleteGroup = page.getByRole('dialog', { name: 'Usuń grupę kategorii' })
  await deleteGroup.getByRole('button', { name: /Przenieś pieniądze i transakcje do/ }).click()
  await page.getByRole('option', { name: 'Czynsz' }).click()
  await deleteGroup.getByRole('button', { name: 'Usuń' }).click()
  await expect(page.getByRole('rowheader', { name: /Rozrywka/ })).toHaveCount(0)

  // Dark theme.
  await page.getByRole('button', { name: 'Ciemny motyw' }).click()
  await expect(page.locator('html')).toHaveClass(/app-dark/)
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'month-view-dark')
  await page.getByRole('button', { name: 'Ciemny motyw' }).click()
})

test('an empty budget invites to add a group; a missing or unreachable one says so', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one viewport is enough for the empty state')
  test.setTimeout(60_000)
  // A fresh budget: nothing but the system 'Uncategorized'.
  const fresh = (await api(request, 'POST', '/api/budget', {
    name: `Pusty ${Date.now()}`,
    currency: 'PLN',
  })) as {
    readonly id: string
  }
  const path = `/budget/${fresh.id}/period/${periodOf(new Date())}`
  await signInThrough(page, path)
  await expect(page.getByRole('heading', { name: 'Ten budżet nie ma jeszcze kategorii' })).toBeVisible()
  await page.getByRole('button', { name: 'Dodaj grupę' }).click()
  const dialog = page.getByRole('dialog', { name: 'Dodaj grupę kategorii' })
  await dialog.getByRole('button', { name: 'Dodaj' }).click()
  await expect(dialog.getByText('Pole jest wymagane.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Nazwa grupy' }).fill('Rachunki')
  await dialog.getByRole('button', { name: 'Dodaj' }).click()
  await expect(page.getByRole('rowheader', { name: /Rachunki/ })).toBeVisible()
  await expect(page.getByText('Ta grupa nie ma jeszcze kategorii.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // A budget that is not there (or not the user's) says so instead of an empty month.
  await page.goto(`/budget/${crypto.randomUUID()}/period/${periodOf(new Date())}`)
  await expect(page.getByRole('heading', { name: 'Nie ma takiego budżetu' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('link', { name: 'Przejdź do listy budżetów' })).toBeVisible()

  // A budget that cannot be read right now offers to try again.
  // The month opens from the summary (`…/state?part=summary`); the whole state is read only when needed.
  const state = new RegExp(`/api/budget/${fresh.id}/state(\\?|$)`, 'u')
  await page.route(state, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"title":"busy"}' }),
  )
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Nie udało się wczytać budżetu' })).toBeVisible({
    timeout: 20_000,
  })
  await page.unroute(state)
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).click()
  await expect(page.getByRole('rowheader', { name: /Rachunki/ })).toBeVisible()
})

test('mobile: the month, its category routes and the structure routes', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'mobile', 'the mobile layout')
  test.setTimeout(90_000)
  const budget = await arrangeBudget(request, `Telefon ${Date.now()}`)
  const period = periodOf(new Date())
  const path = `/budget/${budget.id}/period/${period}`
  await signInThrough(page, path)

  await expect(page.getByRole('heading', { name: monthNameOf(period) })).toBeVisible()
  await expect(readyToAssign(page)).toHaveText(zl('5 000,00'))
  await expect(page.getByRole('link', { name: 'Przydziel', exact: true })).toHaveAttribute(
    'href',
    `${path}/assign`,
  )
  await expect(page.getByRole('link', { name: 'Automatyczny przydział' })).toHaveAttribute(
    'href',
    `${path}/auto-assign`,
  )

  // Add a group through its route; closing goes back to the month.
  await page.getByRole('button', { name: 'Dodaj grupę' }).click()
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}/category-group$`))
  const groupDialog = page.getByRole('dialog', { name: 'Dodaj grupę kategorii' })
  await groupDialog.getByRole('textbox', { name: 'Nazwa grupy' }).fill('Przyjemności')
  await groupDialog.getByRole('button', { name: 'Dodaj' }).click()
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole('heading', { name: 'Przyjemności' })).toBeVisible()

  await chooseInMenu(page, 'Działania grupy Przyjemności', 'Dodaj kategorię')
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}/group/[^/]+$`))
  const categoryDialog = page.getByRole('dialog', { name: 'Dodaj kategorię' })
  await categoryDialog.getByRole('textbox', { name: 'Nazwa kategorii' }).fill('Wakacje')
  await categoryDialog.getByRole('button', { name: 'Dodaj' }).click()
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole('link', { name: /Wakacje/ })).toBeVisible()

  await snap(page, info, 'month-view')

  // Tapping a category opens its route; assigning happens there (the category area's sheet and dialog).
  await page.getByRole('link', { name: /Czynsz/ }).click()
  await expect(page).toHaveURL(new RegExp(`${path}/categories/${budget.rentId}$`))
  await page.getByRole('dialog').getByRole('button', { name: 'Przydziel', exact: true }).click()
  await page.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' }).fill('1234,50')
  await page.getByRole('dialog').getByRole('button', { name: 'Przydziel', exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' })).toHaveCount(0)
  await page.goto(path)
  await expect(readyToAssign(page)).toHaveText(zl('3 765,50'))
  const rent = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Czynsz/ }) })
  await expect(rent.getByText(zl('1 234,50'))).toBeVisible()
  await expect(rent.getByText('Zasilona')).toBeVisible()

  // Undo it from the month.
  await page.getByRole('button', { name: 'Cofnij ostatni przydział' }).click()
  await expect(readyToAssign(page)).toHaveText(zl('5 000,00'))
  await expect(rent.getByText('Pusta')).toBeVisible()

  // Months.
  await page.getByRole('link', { name: 'Następny miesiąc' }).click()
  const next = nextPeriodOf(period)
  await expect(page.getByRole('heading', { name: monthNameOf(next) })).toBeVisible()
  await page.getByRole('link', { name: 'Poprzedni miesiąc' }).click()
  await expect(page.getByRole('heading', { name: monthNameOf(period) })).toBeVisible()

  // Hide, rename and delete through the menus and routes.
  await chooseInMenu(page, 'Działania kategorii Jedzenie', 'Ukryj')
  await expect(page.getByRole('link', { name: /Jedzenie/ })).toHaveCount(0)
  await expect(page.getByText('1 ukryty element')).toBeVisible()

  await chooseInMenu(page, 'Działania kategorii Wakacje', 'Zmień nazwę')
  const editDialog = page.getByRole('dialog', { name: 'Edytuj kategorię' })
  await editDialog.getByRole('textbox', { name: 'Nazwa kategorii' }).fill('Urlop')
  await editDialog.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole('link', { name: /Urlop/ })).toBeVisible()

  await chooseInMenu(page, 'Działania kategorii Urlop', 'Usuń')
  await expect(page).toHaveURL(/\/delete$/)
  const deleteDialog = page.getByRole('dialog', { name: 'Usuń kategorię' })
  await deleteDialog.getByRole('button', { name: /Przenieś pieniądze i transakcje do/ }).click()
  await page.getByRole('option', { name: 'Czynsz' }).click()
  await deleteDialog.getByRole('button', { name: 'Usuń' }).click()
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole('link', { name: /Urlop/ })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})
