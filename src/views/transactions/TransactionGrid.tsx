import { regionalLocale } from '../../i18n/regionalLocale.ts'
import './texts.ts'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { TFunction } from 'i18next'
import {
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
import {
  type CategoryCell,
  type ClearedState,
  categoryCell,
  clearedState,
  type TransactionLookups,
} from '../../../machines/openBudget/selectors/transactions.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { CurrencyCode } from '../../../schemas/money.ts'
import { toneOf } from '../../components/money/Money.tsx'
import { useDevice } from '../../layouts/useDevice.ts'
import { payeeText } from './payee.ts'

/** Fixed row heights (px): the virtualizer never measures, so 100 000 rows scroll at a steady cost. */
export const ROW_HEIGHT = { wide: 48, compact: 60 } as const
const HEAD_HEIGHT = 40
/** Below this width (px) the grid switches to two lines per row. */
const COMPACT_BELOW = 840

const COLUMNS = ['date', 'account', 'payee', 'category', 'memo', 'amount', 'cleared'] as const

// Rows get `t` from the grid: one i18n subscription for the list, not one per cell (scrolling renders rows fast).
const categoryText = (t: TFunction, cell: CategoryCell): string => {
  switch (cell.kind) {
    case 'category':
      return cell.name
    case 'split':
      return t('transactions.row.split', { count: cell.count })
    case 'transfer':
      return t('transactions.row.transfer')
    case 'readyToAssign':
      return t('transactions.row.readyToAssign')
    case 'none':
      return t('transactions.row.uncategorized')
  }
}

function ClearedFlag({ state, t }: { readonly state: ClearedState; readonly t: TFunction }) {
  return (
    <span className={`tx-flag tx-flag--${state}`} title={t(`transactions.cleared.${state}`)}>
      <span aria-hidden="true">{t(`transactions.cleared.${state}Mark`)}</span>
      <span className="visually-hidden">{t(`transactions.cleared.${state}`)}</span>
    </span>
  )
}

type RowProps = {
  readonly transaction: Transaction
  readonly index: number
  readonly start: number
  readonly height: number
  readonly tabbable: boolean
  readonly lookups: TransactionLookups
  readonly currency: CurrencyCode
  readonly locale: string
  readonly t: TFunction
  readonly dateFormat: Intl.DateTimeFormat
  readonly onActivate: (index: number, transaction: Transaction) => void
  readonly onKey: (event: KeyboardEvent<HTMLTableRowElement>, index: number, transaction: Transaction) => void
  readonly onFocusRow: (index: number) => void
}

/** One row; memoised, so scrolling renders only the rows that come into view. */
const Row = memo(function Row({
  transaction,
  index,
  start,
  height,
  tabbable,
  lookups,
  currency,
  locale,
  t,
  dateFormat,
  onActivate,
  onKey,
  onFocusRow,
}: RowProps) {
  // Cells cut long texts with an ellipsis; the title shows them whole on hover.
  const account = lookups.accountNames.get(transaction.bankAccountId) ?? ''
  const payee = payeeText(t, transaction, t('transactions.row.noPayee'))
  const category = categoryText(t, categoryCell(transaction, lookups))
  return (
    <tr
      aria-rowindex={index + 2}
      data-index={index}
      tabIndex={tabbable ? 0 : -1}
      className="tx-row"
      style={{ height, transform: `translateY(${start}px)` }}
      onClick={() => onActivate(index, transaction)}
      onKeyDown={(event) => onKey(event, index, transaction)}
      onFocus={() => onFocusRow(index)}
    >
      <td aria-colindex={1} className="tx-cell tx-cell--date">
        {dateFormat.format(new Date(`${transaction.date}T00:00:00Z`))}
      </td>
      <td aria-colindex={2} className="tx-cell tx-cell--account" title={account}>
        {account}
      </td>
      <td aria-colindex={3} className="tx-cell tx-cell--payee" title={payee}>
        {payee}
        {transaction.kind === 'Draft' ? (
          <span className="tx-badge">{t('transactions.kind.Draft')}</span>
        ) : null}
      </td>
      <td aria-colindex={4} className="tx-cell tx-cell--category" title={category}>
        {category}
      </td>
      <td aria-colindex={5} className="tx-cell tx-cell--memo" title={transaction.memo || undefined}>
        {transaction.memo}
      </td>
      <td aria-colindex={6} className="tx-cell tx-cell--amount">
        {/* Money's markup without its hooks: the sign is in the text, the tone only colours it. */}
        <span className={`money money--${toneOf(transaction.value)}`}>
          {formatAmount(transaction.value, currency, locale)}
        </span>
      </td>
      <td aria-colindex={7} className="tx-cell tx-cell--cleared">
        <ClearedFlag state={clearedState(transaction)} t={t} />
      </td>
    </tr>
  )
})

/**
 * The list as a table with grid keys: one row is tabbable, arrows/Home/End/PageUp/PageDown move, Enter or a click opens
 * the transaction. Only the rows in view (plus a few) are in the DOM; aria-rowcount/rowindex tell the rest.
 */
export function TransactionGrid({
  transactions,
  lookups,
  currency,
  onOpen,
}: {
  readonly transactions: ReadonlyArray<Transaction>
  readonly lookups: TransactionLookups
  readonly currency: CurrencyCode
  readonly onOpen: (transaction: Transaction) => void
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
    count: transactions.length,
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

  const lastIndex = transactions.length - 1
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

  const activate = useCallback((index: number, transaction: Transaction) => {
    setActive(index)
    latest.current.onOpen(transaction)
  }, [])

  const onKey = useCallback(
    (event: KeyboardEvent<HTMLTableRowElement>, index: number, transaction: Transaction) => {
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
        latest.current.onOpen(transaction)
      }
    },
    [],
  )

  return (
    <div ref={gridRef} className={`tx-grid tx-grid--${layout}`}>
      <div ref={scrollRef} className="tx-grid__scroll" data-testid="transactions-scroll">
        <table
          className="tx-table"
          aria-label={t('transactions.grid.label')}
          aria-rowcount={transactions.length + 1}
          aria-colcount={COLUMNS.length}
        >
          <thead className="tx-grid__head">
            <tr aria-rowindex={1} className="tx-row tx-row--head" style={{ height: headHeight }}>
              {COLUMNS.map((column, at) => (
                <th key={column} scope="col" aria-colindex={at + 1} className={`tx-cell tx-cell--${column}`}>
                  {t(`transactions.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tx-grid__body" style={{ height: virtualizer.getTotalSize() - headHeight }}>
            {items.map((item) => {
              const transaction = transactions[item.index]
              return transaction === undefined ? null : (
                <Row
                  key={transaction.id}
                  transaction={transaction}
                  index={item.index}
                  start={item.start - headHeight}
                  height={rowHeight}
                  tabbable={item.index === tabbable}
                  lookups={lookups}
                  currency={currency}
                  locale={locale}
                  t={t}
                  dateFormat={dateFormat}
                  onActivate={activate}
                  onKey={onKey}
                  onFocusRow={setActive}
                />
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}
