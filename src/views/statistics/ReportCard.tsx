import { useId, useRef } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { downloadCsv, downloadPng } from './download.ts'
import { type Cell, useFormats } from './formats.ts'

/** One line of a report's table (and of its CSV): the row's name, then its figures. */
export type TableRow = { readonly key: string; readonly head: string; readonly cells: ReadonlyArray<Cell> }

const shown = (cell: Cell) => (typeof cell === 'string' ? cell : cell.text)
const inCsv = (cell: Cell) => (typeof cell === 'string' ? cell : cell.csv)

export type ReportTable = {
  /** Column names, the row-name column first. */
  readonly header: ReadonlyArray<string>
  readonly rows: ReadonlyArray<TableRow>
  /** Rows under the figures (a total, an average). */
  readonly totals?: ReadonlyArray<TableRow>
}

/**
 * What every report is made of (issue 31 §2): a title, a one-sentence summary, a chart, CSV and PNG export, and a
 * table of the same figures. The CSV is the table, so the two cannot disagree.
 */
export function ReportCard({
  title,
  period,
  fileName,
  summary,
  controls,
  legend,
  table,
  chart,
}: {
  readonly title: string
  /** What the figures cover ("listopad 2026", "2026", a range): names the chart, table and files. */
  readonly period: string
  /** The files' name without the extension ("wydatki"). */
  readonly fileName: string
  readonly summary: string
  readonly controls?: React.ReactNode
  readonly legend?: React.ReactNode
  readonly table: ReportTable
  /** Draws the chart into the given SVG ref, named by the given label. */
  readonly chart: (ref: React.RefObject<SVGSVGElement | null>, label: string) => React.ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const svg = useRef<SVGSVGElement>(null)
  const { csvDelimiter } = useFormats()
  const label = `${title}: ${period}`
  const file = `${fileName}-${period.replaceAll(' ', '-')}`
  const csv = () =>
    downloadCsv(
      `${file}.csv`,
      [
        table.header,
        ...[...table.rows, ...(table.totals ?? [])].map((row) => [row.head, ...row.cells.map(inCsv)]),
      ],
      csvDelimiter,
    )
  const png = () => {
    const chart = svg.current
    if (chart === null) return
    void downloadPng(`${file}.png`, chart, getComputedStyle(document.body).backgroundColor)
  }
  return (
    <section className="statistics__report" aria-labelledby={`${id}-title`}>
      <div className="statistics__report-head">
        <h2 id={`${id}-title`} className="statistics__report-title">
          {title}
        </h2>
        {controls}
      </div>
      <p className="statistics__summary">{summary}</p>
      {chart(svg, label)}
      {legend}
      <div className="statistics__exports">
        <Button className="button" onPress={csv}>
          {t('statistics.csv')}
        </Button>
        <Button className="button" onPress={png}>
          {t('statistics.png')}
        </Button>
      </div>
      <p className="statistics__caption" aria-hidden="true">
        {label}
      </p>
      <TableScroll label={label}>
        <table className="statistics__table">
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              {table.header.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <Row key={row.key} row={row} />
            ))}
          </tbody>
          {table.totals === undefined ? null : (
            <tfoot>
              {table.totals.map((row) => (
                <Row key={row.key} row={row} />
              ))}
            </tfoot>
          )}
        </table>
      </TableScroll>
    </section>
  )
}

function Row({ row }: { readonly row: TableRow }) {
  return (
    <tr>
      <th scope="row">{row.head}</th>
      {row.cells.map((cell, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed.
        <td key={index}>{shown(cell)}</td>
      ))}
    </tr>
  )
}

/** A table wider than a phone scrolls sideways; the region takes focus so keyboard users can scroll it too. */
function TableScroll({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section className="statistics__table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  )
}

/** A chart's legend: a colour key per series. */
export function Legend({
  items,
}: {
  readonly items: ReadonlyArray<{ readonly key: string; readonly label: string }>
}) {
  return (
    <p className="statistics__legend">
      {items.map((item) => (
        <span key={item.key} className="statistics__legend-item">
          <span className={`statistics__key statistics__key--${item.key}`} aria-hidden="true" />
          {item.label}
        </span>
      ))}
    </p>
  )
}
