import { expect, type Page, test } from '@playwright/test'
import { api } from './budgetData.ts'
import { expectNoClippedText } from './layout.ts'
import { currentPeriod, signInThrough, snap, today } from './support.ts'

// Issue 27: the month fits every width from a 320 px phone to a 2560 px screen, in Polish and English, with long
// names and amounts of millions: no text is cut, spills out of its box or sits off-screen, and what deliberately
// ellipsizes shows its full text on hover or focus.

const WIDTHS = [
  [320, 640],
  [390, 844],
  [1024, 768],
  // The widest with the inspector as a drawer (beside the table from 1280 px).
  [1279, 800],
  [1280, 800],
  [1440, 900],
  [1920, 1080],
  [2560, 1440],
] as const

const FOOD = 'Jedzenie'
const RENT = 'Czynsz i opłaty administracyjne za mieszkanie w Warszawie'
const SAVINGS_ACCOUNT = 'Konto oszczędnościowe w Banku Spółdzielczym Mazowsze'
const CARD = 'Karta kredytowa Platinum Rewards'

const TEXTS = {
  pl: { allTransactions: 'Wszystkie transakcje', details: 'Szczegóły kategorii', close: 'Zamknij szczegóły' },
  en: { allTransactions: 'All transactions', details: 'Category details', close: 'Close details' },
} as const

const idOf = (answer: unknown): string => {
  if (typeof answer === 'object' && answer !== null && 'id' in answer && typeof answer.id === 'string')
    return answer.id
  throw new Error(`no id in ${JSON.stringify(answer)}`)
}

/**
 * A budget with long names and amounts of millions: 12 345 678,90 zł assigned to the rent, 1 222 913,56 zł spent
 * on food (−1 222 813,56 zł available), a card at −1 222 913,56 zł and a savings account at 12 345 678,90 zł.
 */
async function arrangeLongBudget(request: Parameters<typeof api>[0]): Promise<string> {
  const id = idOf(
    await api(request, 'POST', '/api/budget', {
      name: `Budżet domowy Kowalskich-Wiśniewskich ${Date.now()}`,
      currency: 'PLN',
    }),
  )
  const base = `/api/budget/${id}`
  const groupId = idOf(
    await api(request, 'POST', `${base}/category-groups`, {
      name: 'Wydatki stałe, rachunki i opłaty domowe',
    }),
  )
  const category = async (name: string, type: string) =>
    idOf(await api(request, 'POST', `${base}/categories`, { categoryGroupId: groupId, name, type }))
  const rentId = await category(RENT, 'Expense')
  const foodId = await category(FOOD, 'Expense')
  const salaryId = await category('Wynagrodzenie z umowy o pracę i premie kwartalne', 'Income')
  const account = async (name: string, balance: number) =>
    idOf(
      await api(request, 'POST', `${base}/bank-accounts`, {
        name,
        type: 'unconnected',
        balance,
        date: today,
      }),
    )
  const savingsId = await account(SAVINGS_ACCOUNT, 1_234_567_890)
  const cardId = await account(CARD, -122_291_356)
  const assign = (categoryId: string, value: number) =>
    api(request, 'PUT', `${base}/period/${currentPeriod}/categories/${categoryId}/assigned`, { value })
  await assign(rentId, 1_234_567_890)
  await assign(foodId, 10_000)
  const spend = (bankAccountId: string, categoryId: string, payee: string, value: number) =>
    api(request, 'POST', `${base}/transactions`, {
      bankAccountId,
      date: today,
      payee,
      value,
      splits: [{ categoryId, value }],
    })
  await spend(cardId, foodId, 'Hurtownia spożywcza Makro Cash and Carry', -122_291_356)
  await spend(savingsId, salaryId, 'Przedsiębiorstwo Handlowo-Usługowe', 1_234_567_890)
  return id
}

/** Opens `path` at the given size (the route tree is chosen at start) and waits for the month's rows. */
async function openAt(page: Page, path: string, width: number, height: number) {
  await page.setViewportSize({ width, height })
  await page.goto(path)
  await expect(page.getByText(FOOD, { exact: true }).first()).toBeVisible()
  if (width > 992) await expect(page.getByText(CARD, { exact: true })).toBeVisible()
}

for (const language of ['pl', 'en'] as const) {
  test(`the month fits every width from 320 to 2560 px (${language})`, async ({ page, request }, info) => {
    test.skip(info.project.name !== 'desktop', 'walks the widths itself')
    test.setTimeout(240_000)
    const budgetId = await arrangeLongBudget(request)
    const month = `/budget/${budgetId}/period/${currentPeriod}`
    await signInThrough(page, month)
    await page.evaluate((locale) => localStorage.setItem('koperta.locale', locale), language)

    for (const [width, height] of WIDTHS) {
      await test.step(`${width}×${height}`, async () => {
        await openAt(page, month, width, height)
        await expectNoClippedText(page, { soft: true })
        await snap(page, info, `widths-${language}-${width}-month`)
        if (width <= 992) {
          // The phone's category screen (its figures are the inspector's).
          await page.getByRole('link', { name: new RegExp(`^${FOOD}`) }).click()
          await expect(page.getByRole('heading', { name: FOOD })).toBeVisible()
          await expectNoClippedText(page, { soft: true })
          await snap(page, info, `widths-${language}-${width}-category`)
          return
        }
        // The inspector beside the table (or over it, as a drawer, where the table needs the width).
        await page.getByRole('button', { name: FOOD, exact: true }).click()
        await expect(page.getByRole('heading', { name: FOOD, level: 2 })).toBeVisible()
        await expectNoClippedText(page, { soft: true })
        await snap(page, info, `widths-${language}-${width}-inspector`)
        const texts = TEXTS[language]
        if (width < 1280) {
          // A drawer over the table: its button and Escape close it, and the table is whole again.
          const drawer = page.getByRole('complementary', { name: texts.details })
          await drawer.getByRole('button', { name: texts.close }).click()
          await expect(drawer).toBeHidden()
          await page.getByRole('button', { name: FOOD, exact: true }).click()
          await drawer.getByRole('button', { name: texts.close }).focus()
          await page.keyboard.press('Escape')
          await expect(drawer).toBeHidden()
        }
        // A cut account name shows whole on hover (title) and when focused from the keyboard.
        const account = page.locator('.budget-nav__account', { hasText: CARD })
        const accountName = account.locator('.budget-nav__account-name')
        await expect(accountName).toHaveAttribute('title', CARD)
        await page.getByRole('link', { name: texts.allTransactions, exact: true }).focus()
        await page.keyboard.press('Tab')
        await expect(account).toBeFocused()
        expect(await accountName.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
        // Every transaction, with the accounts' long names.
        await page.goto(`${month}?view=transactions`)
        await expect(page.getByText('Hurtownia spożywcza Makro Cash and Carry')).toBeVisible()
        await expectNoClippedText(page, { soft: true })
        await snap(page, info, `widths-${language}-${width}-transactions`)
      })
    }
  })
}
