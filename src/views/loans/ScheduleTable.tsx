import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScheduleLine } from '../../../machines/loans/index.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import type { LoanFormats } from './format.ts'

/**
 * Fixed row heights (px): the virtualizer never measures, so a 2 400-row schedule scrolls at a steady cost. Phones
 * show each installment on three lines (a fourth when it has an overpayment) in two columns, under headings laid
 * out the same way.
 */
const ROW_HEIGHT = 36
const COMPACT_ROW_HEIGHT = 72
const COMPACT_LINE = 22

const COLUMNS = ['number', 'date', 'payment', 'principal', 'interest', 'overpayment', 'balance'] as const

/**
 * The schedule as a table (Nr, Data, Rata, Kapitał, Odsetki, Nadpłata, Saldo), only the rows in view rendered.
 * Suspended (credit holidays) and deferred rows are marked in words, not by colour alone.
 */
export function ScheduleTable({
  lines,
  formats,
  labelledBy,
}: {
  readonly lines: ReadonlyArray<ScheduleLine>
  readonly formats: LoanFormats
  readonly labelledBy: string
}) {
  const { t } = useTranslation()
  const scrollRef = useRef<HTMLElement>(null)
  const compact = useDevice() === 'mobile'
  // The column headings sit above the rows inside the scroller; on phones they are laid out as the rows are.
  const head = compact ? COMPACT_ROW_HEIGHT + COMPACT_LINE : ROW_HEIGHT
  const heightOf = (index: number) => {
    if (!compact) return ROW_HEIGHT
    return (lines[index]?.overpayment ?? 0) > 0 ? COMPACT_ROW_HEIGHT + COMPACT_LINE : COMPACT_ROW_HEIGHT
  }
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: heightOf,
    overscan: 8,
    scrollMargin: head,
    scrollPaddingStart: head,
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: another layout or schedule re-measures every row.
  useEffect(() => virtualizer.measure(), [virtualizer, compact, lines])
  const items = virtualizer.getVirtualItems()
  const cell = (line: ScheduleLine, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'number':
        return line.kind === 'Regular' ? (
          String(line.number)
        ) : (
          <span className="loans-schedule__number">
            <span>{line.number}</span>{' '}
            <span className="loans-schedule__mark">{t(`loans.schedule.kind.${line.kind}`)}</span>
          </span>
        )
      case 'date':
        return formats.date(line.date)
      case 'overpayment':
        return line.overpayment === 0 ? '—' : formats.money(line.overpayment)
      default:
        return formats.money(line[column])
    }
  }
  return (
    // The scroller takes the focus so the keyboard can scroll the rows (axe: a scrollable region is focusable).
    <section
      ref={scrollRef}
      className={`loans-schedule${compact ? ' loans-schedule--compact' : ''}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to scroll by keys.
      tabIndex={0}
      aria-labelledby={labelledBy}
    >
      <table className="loans-schedule__table" aria-labelledby={labelledBy} aria-rowcount={lines.length + 1}>
        <thead className="loans-schedule__head">
          <tr aria-rowindex={1} className="loans-schedule__row" style={{ height: head }}>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={`loans-schedule__cell loans-schedule__cell--${column}`}>
                {t(`loans.schedule.column.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="loans-schedule__body" style={{ height: virtualizer.getTotalSize() - head }}>
          {items.map((item) => {
            const line = lines[item.index]
            if (line === undefined) return null
            return (
              <tr
                key={line.number}
                aria-rowindex={item.index + 2}
                className={`loans-schedule__row loans-schedule__row--${line.kind}`}
                style={{ transform: `translateY(${item.start - head}px)`, height: item.size }}
              >
                {COLUMNS.map((column) =>
                  compact && column === 'overpayment' && line.overpayment === 0 ? null : (
                    <td key={column} className={`loans-schedule__cell loans-schedule__cell--${column}`}>
                      {cell(line, column)}
                    </td>
                  ),
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
