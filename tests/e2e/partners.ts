import type { Browser, TestInfo } from '@playwright/test'
import { admin, PASSWORD, uniqueEmail } from './support.ts'

// The second person of the sharing journeys (issue 30): an account of their own, made with the admin command
// (registration is throttled per address), and a browser of their own beside the owner's.

const dataDir = () => process.env.E2E_DATA_DIR ?? ''

const isPhone = (info: TestInfo) => info.project.name === 'mobile'

/** The owner's members screen: budget settings on the desktop, `{budgetId}/invite` on phones. */
export const membersPath = (info: TestInfo, budgetId: string) =>
  isPhone(info) ? `/budget/${budgetId}/invite` : `/budget/${budgetId}/settings`

/** A new account that signs in with PASSWORD; returns its e-mail. */
export const newAccount = (label: string): string => {
  const email = uniqueEmail(label)
  admin('user', ['create', '--email', email], dataDir(), `${PASSWORD}\n`)
  return email
}

/** A new account and a personal token to act as it over the API. */
export const accountWithToken = (label: string) => {
  const email = newAccount(label)
  const printed = admin('token', ['--email', email, '--name', label], dataDir())
  const token = /kpt_[A-Za-z0-9_-]+/u.exec(printed)?.[0]
  if (token === undefined) throw new Error(`no token in: ${printed}`)
  return { email, token }
}

/** A browser of its own for the second person, with the project's viewport and touch. */
export const secondBrowser = async (browser: Browser, info: TestInfo) => {
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL ?? '',
    viewport: info.project.use.viewport ?? { width: 1280, height: 800 },
    hasTouch: info.project.use.hasTouch ?? false,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  })
  return { context, page: await context.newPage() }
}
