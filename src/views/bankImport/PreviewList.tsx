import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual'
import type { TFunction } from 'i18next'
import { type CSSProperties, memo, useLayoutEffect, useRef, useState } from 'react'
import { Button, Checkbox, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components'
import type { ReviewRow } from '../../../machines/bankImport/index.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { Choice } from '../../components/dialog/FormDialog.tsx'
import { ChevronDownIcon } from '../../components/icons.tsx'
import { toneOf } from '../../components/money/Money.tsx'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { useDevice } from '../../layouts/useDevice.ts'
import type { RowFormat } from './rowFormat.ts'

/** A table row's least height (px) and the virtualizer's guess; rows are measured, as long texts wrap. */
const ROW_HEIGHT = 76
const HEAD_HEIGHT = 40
/** Below this width (px) the preview is a list of cards, as on a phone. */
const CARDS_BELOW = 900
const CARD_ESTIMATE = 188
/** The box's border (px), so a list that fits shows its last row whole. */
const SCROLL_SLACK = 2

const COLUMNS = ['include', 'date', 'payee', 'memo', 'amount', 'category', 'status'] as const

/** What a row can do: the screen's handlers, the same functions across renders (rows are memoised). */
export type RowActions = {
  readonly include: (line: number, include: boolean) => void
  readonly categorize: (line: number, categoryId: string) => void
  readonly asTransfer: (line: number, asTransfer: boolean) => void
  readonly remember: (row: ReviewRow) => void
}

/** What a row needs besides itself, made once per list. */
export type RowContext = {
  readonly t: TFunction
  readonly format: RowFormat
  readonly categories: ReadonlyArray<Choice>
  readonly categoryName: (id: CategoryId) => string
  /** Where a row without a category goes: Ready to Assign for an inflow, Uncategorized for an outflow. */
  readonly fallbackCategory: (row: ReviewRow) => CategoryId | null
  readonly accountName: (id: string) => string
  /** The transaction a duplicate matched, as a line ('Czynsz · 01.11.2026 · −1 800,00 zł'), when the budget has it. */
  readonly matched: (row: ReviewRow) => string | null
  readonly actions: RowActions
}

const payeeOf = (t: TFunction, row: ReviewRow) => row.payee || row.memo || t('bankImport.review.noPayee')

/** The row's status badge and what it means: why a duplicate, that a pending row waits, what an error is. */
function StatusCell({ row, context }: { readonly row: ReviewRow; readonly context: RowContext }) {
  const { t } = context
  const matched = row.status === 'duplicate' ? context.matched(row) : null
  const detail =
    row.status === 'duplicate' && row.duplicate !== null
      ? t(`bankImport.review.duplicateReason.${row.duplicate.reason}`)
      : row.status === 'pending'
        ? t('bankImport.review.pendingNote')
        : row.status === 'error'
          ? t('bankImport.review.errorLine', {
              line: row.line,
              reason: t(`bankImport.review.rowError.${row.error ?? 'missing-field'}`),
            })
          : null
  return (
    <span className="import-status">
      <span className={`import-badge import-badge--${row.status}`}>
        {t(`bankImport.review.status.${row.status}`)}
      </span>
      {detail === null ? null : <span className="import-status__detail">{detail}</span>}
      {matched === null ? null : (
        <span className="import-status__detail import-status__matched" title={matched}>
          {matched}
        </span>
      )}
    </span>
  )
}

function IncludeBox({ row, context }: { readonly row: ReviewRow; readonly context: RowContext }) {
  return (
    <Checkbox
      className="import-checkbox import-include"
      isSelected={row.included}
      isDisabled={!row.includable}
      onChange={(include) => context.actions.include(row.line, include)}
      aria-label={context.t('bankImport.review.include', { line: row.line, payee: payeeOf(context.t, row) })}
    >
      <span className="import-checkbox__box" aria-hidden="true" />
    </Checkbox>
  )
}

function CategoryCell({ row, context }: { readonly row: ReviewRow; readonly context: RowContext }) {
  const { t } = context
  if (!row.includable) return <span className="import-muted">{t('bankImport.review.notImported')}</span>
  if (row.transfer?.asTransfer) return <TransferToggle row={row} context={context} />
  const value = row.categoryId ?? context.fallbackCategory(row)
  const evidence =
    row.evidence.source === 'learned'
      ? t('bankImport.review.evidence.learned', { count: row.evidence.count, of: row.evidence.of })
      : row.evidence.source === 'rule'
        ? t('bankImport.review.evidence.rule')
        : null
  return (
    <span className="import-category">
      <Select
        className="import-category__select"
        selectedKey={value}
        onSelectionChange={(key) => {
          if (key !== null) context.actions.categorize(row.line, String(key))
        }}
        aria-label={t('bankImport.review.category', { line: row.line, payee: payeeOf(t, row) })}
        placeholder={t('bankImport.review.noCategory')}
      >
        <Button className="field__input field__select import-category__button">
          <SelectValue className="import-category__value" />
          <ChevronDownIcon />
        </Button>
        <Popover className="select-popover">
          <ListBox className="select-list" items={context.categories}>
            {(choice) => (
              <ListBoxItem className="select-list__item" id={choice.id} textValue={choice.label}>
                {choice.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </Select>
      {evidence === null ? null : (
        <span
          className="import-evidence"
          title={
            row.evidence.source === 'learned'
              ? t('bankImport.review.evidenceTitle.learned', {
                  count: row.evidence.count,
                  of: row.evidence.of,
                })
              : t('bankImport.review.evidenceTitle.rule')
          }
        >
          {evidence}
        </span>
      )}
      {row.evidence.source === 'chosen' && row.categoryId !== null && row.payee !== '' ? (
        <Button className="import-link" onPress={() => context.actions.remember(row)}>
          {t('bankImport.review.remember', {
            category: context.categoryName(row.categoryId),
            payee: row.payee,
          })}
        </Button>
      ) : null}
      {row.transfer === null ? null : <TransferToggle row={row} context={context} />}
    </span>
  )
}

function TransferToggle({ row, context }: { readonly row: ReviewRow; readonly context: RowContext }) {
  if (row.transfer === null) return null
  const account = context.accountName(row.transfer.bankAccountId)
  return (
    <Checkbox
      className="import-checkbox import-transfer"
      isSelected={row.transfer.asTransfer}
      onChange={(asTransfer) => context.actions.asTransfer(row.line, asTransfer)}
    >
      <span className="import-checkbox__box" aria-hidden="true" />
      {context.t('bankImport.review.transfer', { account })}
    </Checkbox>
  )
}

function PayeeCell({ row, context }: { readonly row: ReviewRow; readonly context: RowContext }) {
  const payee = payeeOf(context.t, row)
  return (
    <span className="import-payee">
      <span className="import-payee__name" title={row.originalPayee ?? payee}>
        {payee}
      </span>
      {row.originalPayee === null ? null : (
        <span className="import-payee__original" title={row.originalPayee}>
          {context.t('bankImport.review.original', { payee: row.originalPayee })}
        </span>
      )}
    </span>
  )
}

const Amount = ({ row, context }: { readonly row: ReviewRow; readonly context: RowContext }) =>
  row.value === null ? (
    <span className="import-muted">
      {row.fileAmount === null
        ? context.t('bankImport.review.noAmount')
        : context.format.fileAmount(row.fileAmount.amount, row.fileAmount.currency)}
    </span>
  ) : (
    <span className={`money money--${toneOf(row.value)}`}>{context.format.amount(row.value)}</span>
  )

const DateText = ({ row, context }: { readonly row: ReviewRow; readonly context: RowContext }) =>
  row.date === null ? (
    <span className="import-muted">{context.t('bankImport.review.noDate')}</span>
  ) : (
    context.format.date(row.date)
  )

const TableRow = memo(function TableRow({
  row,
  index,
  start,
  context,
  measure,
}: {
  readonly row: ReviewRow
  readonly index: number
  readonly start: number
  readonly context: RowContext
  readonly measure: (element: Element | null) => void
}) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={`import-row import-row--${row.status}${row.included ? '' : ' import-row--out'}`}
      style={{ transform: `translateY(${start}px)` }}
      data-line={row.line}
    >
      <td className="import-cell import-cell--include">
        <IncludeBox row={row} context={context} />
      </td>
      <td className="import-cell import-cell--date">
        <DateText row={row} context={context} />
      </td>
      <td className="import-cell import-cell--payee">
        <PayeeCell row={row} context={context} />
      </td>
      <td className="import-cell import-cell--memo" title={row.memo || undefined}>
        {row.memo}
      </td>
      <td className="import-cell import-cell--amount">
        <Amount row={row} context={context} />
      </td>
      <td className="import-cell import-cell--category">
        <CategoryCell row={row} context={context} />
      </td>
      <td className="import-cell import-cell--status">
        <StatusCell row={row} context={context} />
      </td>
    </tr>
  )
})

/** The list's own checkbox: the new rows it shows in, or every row it shows out, at once. */
export type ShownInclusion = {
  readonly state: 'all' | 'some' | 'none'
  readonly press: 'include' | 'exclude' | null
  readonly set: (include: boolean) => void
}

/** The wide preview: a table whose rows come and go as it scrolls (only those in view are in the DOM). */
function PreviewTable({
  rows,
  context,
  inclusion,
}: {
  readonly rows: ReadonlyArray<ReviewRow>
  readonly context: RowContext
  readonly inclusion: ShownInclusion
}) {
  const { t } = context
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin: HEAD_HEIGHT,
    scrollPaddingStart: HEAD_HEIGHT,
    getItemKey: (index) => rows[index]?.line ?? index,
  })
  const items = virtualizer.getVirtualItems()
  // The rows' height (the virtualizer's total leaves out the head, its scroll margin).
  const rowsHeight = virtualizer.getTotalSize()
  return (
    <div className="import-grid">
      <div
        ref={scrollRef}
        className="import-grid__scroll"
        data-testid="import-preview-scroll"
        // As tall as the head and its rows (none cut when all fit), up to 80% of the window; then it scrolls.
        style={{ height: `min(80vh, ${HEAD_HEIGHT + rowsHeight + SCROLL_SLACK}px)` }}
      >
        <table
          className="import-table"
          aria-label={t('bankImport.review.listLabel')}
          aria-rowcount={rows.length + 1}
          aria-colcount={COLUMNS.length}
        >
          <thead className="import-table__head">
            <tr aria-rowindex={1} className="import-row import-row--head" style={{ height: HEAD_HEIGHT }}>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={`import-cell import-cell--${column}`}>
                  {column === 'include' ? (
                    <Checkbox
                      className="import-checkbox"
                      isSelected={inclusion.state === 'all'}
                      isIndeterminate={inclusion.state === 'some'}
                      isDisabled={inclusion.press === null}
                      onChange={() => inclusion.set(inclusion.press === 'include')}
                      aria-label={t('bankImport.review.columns.include')}
                    >
                      <span className="import-checkbox__box" aria-hidden="true" />
                    </Checkbox>
                  ) : (
                    t(`bankImport.review.columns.${column}`)
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            className="import-table__body"
            style={
              {
                height: rowsHeight,
                '--import-row-height': `${ROW_HEIGHT}px`,
              } as CSSProperties // CSSProperties has no index signature for custom properties.
            }
          >
            {items.map((item) => {
              const row = rows[item.index]
              return row === undefined ? null : (
                <TableRow
                  key={row.line}
                  row={row}
                  index={item.index}
                  start={item.start - HEAD_HEIGHT}
                  context={context}
                  measure={virtualizer.measureElement}
                />
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}

const Card = memo(function Card({ row, context }: { readonly row: ReviewRow; readonly context: RowContext }) {
  return (
    <article
      className={`import-card import-card--${row.status}${row.included ? '' : ' import-card--out'}`}
      aria-label={context.t('bankImport.review.cardLabel', {
        line: row.line,
        payee: payeeOf(context.t, row),
      })}
      data-line={row.line}
    >
      <div className="import-card__top">
        <IncludeBox row={row} context={context} />
        <PayeeCell row={row} context={context} />
        <span className="import-card__amount">
          <Amount row={row} context={context} />
        </span>
      </div>
      <div className="import-card__meta">
        <span>
          <DateText row={row} context={context} />
        </span>
        {row.memo === '' ? null : (
          <span className="import-card__memo" title={row.memo}>
            {row.memo}
          </span>
        )}
      </div>
      <StatusCell row={row} context={context} />
      <CategoryCell row={row} context={context} />
    </article>
  )
})

/** The phone's preview: a list of cards in the page's own scroll, measured as they render, virtualized. */
function PreviewCards({
  rows,
  context,
}: {
  readonly rows: ReadonlyArray<ReviewRow>
  readonly context: RowContext
}) {
  const listRef = useRef<HTMLElement>(null)
  // Where the list starts in the page: the window virtualizer counts from the top of the document.
  const [offset, setOffset] = useState(0)
  useLayoutEffect(() => {
    const list = listRef.current
    if (list === null) return
    const update = () => setOffset(list.getBoundingClientRect().top + window.scrollY)
    update()
    const observer = new ResizeObserver(update)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => CARD_ESTIMATE,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (index) => rows[index]?.line ?? index,
  })
  return (
    <section
      ref={listRef}
      className="import-cards"
      data-testid="import-preview-scroll"
      aria-label={context.t('bankImport.review.listLabel')}
    >
      <div className="import-cards__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]
          return row === undefined ? null : (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="import-cards__item"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <Card row={row} context={context} />
            </div>
          )
        })}
      </div>
    </section>
  )
}

/** The preview's rows: a table where there is room, cards on a phone or a narrow window. */
export function PreviewList({
  rows,
  context,
  inclusion,
}: {
  readonly rows: ReadonlyArray<ReviewRow>
  readonly context: RowContext
  readonly inclusion: ShownInclusion
}) {
  const device = useDevice()
  const { t } = useSharedTranslation()
  const boxRef = useRef<HTMLDivElement>(null)
  const [cards, setCards] = useState(device === 'mobile')
  useLayoutEffect(() => {
    const box = boxRef.current
    if (device === 'mobile' || box === null) return
    const update = () => setCards(box.clientWidth < CARDS_BELOW)
    update()
    const observer = new ResizeObserver(update)
    observer.observe(box)
    return () => observer.disconnect()
  }, [device])
  return (
    <div ref={boxRef} className="import-list">
      {rows.length === 0 ? (
        <p className="import-muted">{t('bankImport.review.empty')}</p>
      ) : cards ? (
        <PreviewCards rows={rows} context={context} />
      ) : (
        <PreviewTable rows={rows} context={context} inclusion={inclusion} />
      )}
    </div>
  )
}
