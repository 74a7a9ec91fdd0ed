import { regionalLocale } from '../../i18n/regionalLocale.ts'
import './texts.ts'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { TFunction } from 'i18next'
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount } from '../../../domain/money.ts'
import { type RegisterRow, rowKey } from '../../../domain/register.ts'
import {
  type CategoryCell,
  type ClearedState,
  categoryCell,
  clearedState,
  type TransactionLookups,
} from '../../../machines/openBudget/selectors/transactions.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { CurrencyCode, Minor } from '../../../schemas/money.ts'
import { toneOf } from '../../components/money/Money.tsx'
import { useDevice } from '../../layouts/useDevice.ts'
import type { AuthorLabel } from './authors.ts'
import { payeeText } from './payee.ts'

/** Fixed row heights (px): the virtualizer never measures, so 100 000 rows scroll at a steady cost. */
export const ROW_HEIGHT = { wide: 48, compact: 60 } as const
const HEAD_HEIGHT = 40
/** Below this width (px) the grid switches to two lines per row. */
const COMPACT_BELOW = 840

/** Every account's transactions; one account's register drops the account and shows the balance after each row. */
const COLUMNS = {
  list: ['date', 'account', 'payee', 'category', 'memo', 'amount', 'cleared'],
  register: ['date', 'payee', 'category', 'memo', 'amount', 'balance', 'cleared'],
} as const

// Rows get `t` from the grid: one i18n subscription for the list, not one per cell (scrolling renders rows fast).
const categoryText = (t: TFunction, cell: CategoryCell): string => {
  switch (cell.kind) {
    case 'category':
      return cell.name
    case 'split':
      return t('transactions.row.split', { count: cell.count })
    case 'transfer':
      return cell.across === undefined
        ? t('transactions.row.transfer')
        : t('transactions.row.transferCategory', { category: categoryText(t, cell.across) })
    case 'readyToAssign':
      return t('transactions.row.readyToAssign')
    case 'none':
      return t('transactions.row.uncategorized')
    // A tracking account's transactions have no category: the cell stays empty rather than say 'Uncategorized'.
    case 'offBudget':
      return ''
  }
}

/** A status's one-letter mark, named in full for a reader and on hover; the pane's legend spells the marks out. */
export function ClearedFlag({ state, t }: { readonly state: ClearedState; readonly t: TFunction }) {
  const name = t(`transactions.cleared.${state}`)
  return (
    <span className={`tx-flag tx-flag--${state}`} role="img" aria-label={name} title={name}>
      {t(`transactions.cleared.${state}Mark`)}
    </span>
  )
}

const CLEARED_STATES = ['uncleared', 'cleared', 'reconciled'] as const satisfies readonly ClearedState[]

/** What the status column's marks mean ('· oczekująca, Z zaksięgowana, U uzgodniona'), shown above the list. */
export function ClearedLegend({ t }: { readonly t: TFunction }) {
  return (
    <p className="tx-legend">
      <span className="tx-legend__title">{t('transactions.cleared.legend')}</span>
      {CLEARED_STATES.map((state) => (
        <span key={state} className="tx-legend__item">
          <span className={`tx-flag tx-flag--${state}`} aria-hidden="true">
            {t(`transactions.cleared.${state}Mark`)}
          </span>{' '}
          {t(`transactions.cleared.${state}`)}
        </span>
      ))}
    </p>
  )
}

type RowProps = {
  readonly row: RegisterRow
  readonly register: boolean
  readonly index: number
  readonly start: number
  readonly tabbable: boolean
  readonly lookups: TransactionLookups
  readonly currency: CurrencyCode
  readonly locale: string
  readonly t: TFunction
  readonly dateFormat: Intl.DateTimeFormat
  readonly onActivate: (index: number, row: RegisterRow) => void
  readonly onKey: (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: RegisterRow) => void
  readonly onFocusRow: (index: number) => void
  readonly author: Author
}

/** Who entered a row's transaction; null when the list shows no authors (one member). */
type Author = ((enteredBy: string | null | undefined) => AuthorLabel | null) | null

/** What a row's cells say; an opening row is the account's starting balance, to Ready to Assign, cleared. */
const rowTexts = (t: TFunction, row: RegisterRow, lookups: TransactionLookups, dateText: string) => {
  if (row.kind === 'opening') {
    // A tracking account's starting balance stays outside the budget: no Ready to Assign, no category.
    const offBudget = lookups.offBudgetAccounts.has(row.bankAccountId)
    return {
      account: lookups.accountNames.get(row.bankAccountId) ?? '',
      payee: t('transactions.row.startingBalance'),
      payeeTitle: offBudget
        ? t('transactions.row.startingBalanceTrackingTitle', { date: dateText })
        : t('transactions.row.startingBalanceTitle', { date: dateText }),
      category: offBudget ? '' : t('transactions.row.readyToAssign'),
      memo: '',
      cleared: 'cleared' as const,
      draft: false,
    }
  }
  const { transaction } = row
  const payee = payeeText(t, transaction, t('transactions.row.noPayee'), lookups)
  return {
    account: lookups.accountNames.get(transaction.bankAccountId) ?? '',
    payee,
    payeeTitle: payee,
    category: categoryText(t, categoryCell(transaction, lookups)),
    memo: transaction.memo,
    cleared: clearedState(transaction),
    draft: transaction.kind === 'Draft',
  }
}

const Amount = ({ value, currency, locale }: { value: Minor; currency: CurrencyCode; locale: string }) => (
  // Money's markup without its hooks: the sign is in the text, the tone only colours it.
  <span className={`money money--${toneOf(value)}`}>{formatAmount(value, currency, locale)}</span>
)

/** One row; memoised, so scrolling renders only the rows that come into view. */
const Row = memo(function Row({
  row,
  register,
  index,
  start,
  tabbable,
  lookups,
  currency,
  locale,
  t,
  dateFormat,
  onActivate,
  onKey,
  onFocusRow,
  author,
}: RowProps) {
  const date = row.kind === 'transaction' ? row.transaction.date : row.date
  const dateText = dateFormat.format(new Date(`${date}T00:00:00Z`))
  const texts = rowTexts(t, row, lookups, dateText)
  const value = row.kind === 'transaction' ? row.transaction.value : row.value
  const by = row.kind === 'transaction' && author !== null ? author(row.transaction.enteredBy) : null
  // Cells cut long texts with an ellipsis; the title shows them whole on hover, a focused row shows them whole.
  const columns: ReadonlyArray<string> = COLUMNS[register ? 'register' : 'list']
  const col = (name: string) => columns.indexOf(name) + 1
  return (
    <tr
      aria-rowindex={index + 2}
      data-index={index}
      data-kind={row.kind}
      tabIndex={tabbable ? 0 : -1}
      className={`tx-row tx-row--${row.kind}`}
      style={{ transform: `translateY(${start}px)` }}
      onClick={() => onActivate(index, row)}
      onKeyDown={(event) => onKey(event, index, row)}
      onFocus={() => onFocusRow(index)}
    >
      <td aria-colindex={col('date')} className="tx-cell tx-cell--date">
        {dateText}
      </td>
      {register ? null : (
        <td aria-colindex={col('account')} className="tx-cell tx-cell--account" title={texts.account}>
          {texts.account}
        </td>
      )}
      {by === null ? (
        <td aria-colindex={col('payee')} className="tx-cell tx-cell--payee" title={texts.payeeTitle}>
          {texts.payee}
          {texts.draft ? <span className="tx-badge">{t('transactions.kind.Draft')}</span> : null}
        </td>
      ) : (
        // The author under the payee (wide rows) or after it (a phone's first line), never a column of its own:
        // the key columns keep their width at 1024 px and 320 px.
        <td
          aria-colindex={col('payee')}
          className="tx-cell tx-cell--payee tx-cell--authored"
          title={`${texts.payeeTitle}\n${by.line}`}
        >
          <span className="tx-payee">
            {texts.payee}
            {texts.draft ? <span className="tx-badge">{t('transactions.kind.Draft')}</span> : null}
          </span>
          <span className="tx-author" data-testid="transaction-author">
            <span className="tx-author__line">{by.line}</span>
            <span className="tx-author__short" aria-hidden="true">
              {by.short}
            </span>
          </span>
        </td>
      )}
      <td aria-colindex={col('category')} className="tx-cell tx-cell--category" title={texts.category}>
        {texts.category}
      </td>
      <td aria-colindex={col('memo')} className="tx-cell tx-cell--memo" title={texts.memo || undefined}>
        {texts.memo}
      </td>
      <td aria-colindex={col('amount')} className="tx-cell tx-cell--amount">
        <Amount value={value} currency={currency} locale={locale} />
      </td>
      {register ? (
        <td aria-colindex={col('balance')} className="tx-cell tx-cell--balance">
          {/* A phone shows no column heads: the balance under the amount says what it is. */}
          <span className="visually-hidden">{t('transactions.columns.balance')} </span>
          <Amount value={row.balance} currency={currency} locale={locale} />
        </td>
      ) : null}
      <td aria-colindex={col('cleared')} className="tx-cell tx-cell--cleared">
        <ClearedFlag state={texts.cleared} t={t} />
      </td>
    </tr>
  )
})

/**
 * The list as a table with grid keys: one row is tabbable, arrows/Home/End/PageUp/PageDown move, Enter or a click opens
 * the transaction. Only the rows in view (plus a few) are in the DOM; aria-rowcount/rowindex tell the rest.
 */
export function TransactionGrid({
  rows,
  register,
  lookups,
  currency,
  onOpen,
  author = null,
}: {
  readonly rows: ReadonlyArray<RegisterRow>
  /** One account's register: the balance after each row instead of the account column. */
  readonly register: boolean
  readonly lookups: TransactionLookups
  readonly currency: CurrencyCode
  readonly onOpen: (transaction: Transaction) => void
  /** Who entered each transaction, shown when the budget has more than one member (authors.ts). */
  readonly author?: Author
}) {
  const { t, i18n } = useTranslation()
  const device = useDevice()
  const gridRef = useRef<HTMLDivElement>(null)
  // Narrow (a phone, or a desktop column beside a side panel): two lines per row instead of columns.
  const [compact, setCompact] = useState(device === 'mobile')
  useLayoutEffect(() => {
    const grid = gridRef.current
    if (device === 'mobile' || grid === null) return
    const update = () => setCompact(grid.clientWidth < COMPACT_BELOW)
    update()
    const observer = new ResizeObserver(update)
    observer.observe(grid)
    return () => observer.disconnect()
  }, [device])
  const layout = compact ? 'compact' : 'wide'
  const rowHeight = ROW_HEIGHT[layout]
  const scrollRef = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const focusAfterRender = useRef<number | null>(null)
  // The column header row sits (sticky) above the rows inside the scroller; phones hide it visually.
  const headHeight = compact ? 0 : HEAD_HEIGHT
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row height re-measures every row.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight])
  const items = virtualizer.getVirtualItems()
  const locale = i18n.resolvedLanguage ?? 'pl'
  const dateLocale = regionalLocale(locale)
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(dateLocale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    [dateLocale],
  )

  const lastIndex = rows.length - 1
  const columns = COLUMNS[register ? 'register' : 'list']
  const current = Math.min(active, Math.max(lastIndex, 0))
  // The active row stays tabbable while in view; scrolled away, the first row in view takes over.
  const tabbable = items.some((item) => item.index === current) ? current : (items[0]?.index ?? 0)

  useEffect(() => {
    const index = focusAfterRender.current
    if (index === null) return
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)
    if (row) {
      row.focus({ preventScroll: true })
      focusAfterRender.current = null
    }
  })

  // Row handlers stay the same functions across renders (rows are memoised); they read the latest values here.
  const latest = useRef({ lastIndex, rowHeight, onOpen, virtualizer })
  latest.current = { lastIndex, rowHeight, onOpen, virtualizer }

  // An opening row opens nothing: it is the account's, not a transaction (its title says where it comes from).
  const activate = useCallback((index: number, row: RegisterRow) => {
    setActive(index)
    if (row.kind === 'transaction') latest.current.onOpen(row.transaction)
  }, [])

  const onKey = useCallback((event: KeyboardEvent<HTMLTableRowElement>, index: number, row: RegisterRow) => {
    const { lastIndex: last, rowHeight: height, virtualizer: list } = latest.current
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? height * 10) / height) - 1)
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: last,
      PageDown: index + page,
      PageUp: index - page,
    }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      const next = Math.max(0, Math.min(last, target))
      setActive(next)
      focusAfterRender.current = next
      list.scrollToIndex(next, { align: 'auto' })
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      if (row.kind === 'transaction') latest.current.onOpen(row.transaction)
    }
  }, [])

  return (
    <div ref={gridRef} className={`tx-grid tx-grid--${layout}${register ? ' tx-grid--register' : ''}`}>
      <div ref={scrollRef} className="tx-grid__scroll" data-testid="transactions-scroll">
        <table
          className="tx-table"
          aria-label={t('transactions.grid.label')}
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length}
        >
          <thead className="tx-grid__head">
            <tr aria-rowindex={1} className="tx-row tx-row--head" style={{ height: headHeight }}>
              {columns.map((column, at) => (
                <th key={column} scope="col" aria-colindex={at + 1} className={`tx-cell tx-cell--${column}`}>
                  {t(`transactions.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            className="tx-grid__body"
            // Rows take their height from the body: a focused row may grow past it (CSS) to show its texts whole.
            style={
              {
                height: virtualizer.getTotalSize() - headHeight,
                '--tx-row-height': `${rowHeight}px`,
              } as CSSProperties // CSSProperties has no index signature for custom properties.
            }
          >
            {items.map((item) => {
              const row = rows[item.index]
              return row === undefined ? null : (
                <Row
                  key={rowKey(row)}
                  row={row}
                  register={register}
                  index={item.index}
                  start={item.start - headHeight}
                  tabbable={item.index === tabbable}
                  lookups={lookups}
                  currency={currency}
                  locale={locale}
                  t={t}
                  dateFormat={dateFormat}
                  onActivate={activate}
                  onKey={onKey}
                  onFocusRow={setActive}
                  author={author}
                />
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}
