import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScheduleLine } from '../../../machines/loans/index.ts'
import type { LoanFormats } from './format.ts'

/** Fixed row height (px): the virtualizer never measures, so a 2 400-row schedule scrolls at a steady cost. */
const ROW_HEIGHT = 36

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
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
  })
  const items = virtualizer.getVirtualItems()
  const cell = (line: ScheduleLine, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'number':
        return line.kind === 'Regular' ? (
          String(line.number)
        ) : (
          <>
            {line.number}{' '}
            <span className="loans-schedule__mark">{t(`loans.schedule.kind.${line.kind}`)}</span>
          </>
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
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to scroll by keys.
    <section ref={scrollRef} className="loans-schedule" tabIndex={0} aria-labelledby={labelledBy}>
      <table className="loans-schedule__table" aria-labelledby={labelledBy} aria-rowcount={lines.length + 1}>
        <thead className="loans-schedule__head">
          <tr aria-rowindex={1} className="loans-schedule__row">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={`loans-schedule__cell loans-schedule__cell--${column}`}>
                {t(`loans.schedule.column.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="loans-schedule__body" style={{ height: virtualizer.getTotalSize() - ROW_HEIGHT }}>
          {items.map((item) => {
            const line = lines[item.index]
            if (line === undefined) return null
            return (
              <tr
                key={line.number}
                aria-rowindex={item.index + 2}
                className={`loans-schedule__row loans-schedule__row--${line.kind}`}
                style={{ transform: `translateY(${item.start - ROW_HEIGHT}px)` }}
              >
                {COLUMNS.map((column) => (
                  <td key={column} className={`loans-schedule__cell loans-schedule__cell--${column}`}>
                    {cell(line, column)}
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
