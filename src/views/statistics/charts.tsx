import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { useChartWidth } from '../../components/charts/useChartWidth.ts'

// The two chart shapes every report draws with visx (docs/statistics.md "Charts"): rows of horizontal bars and
// columns over months. Each bar or column is a focusable image named with its figures; colours come from CSS classes,
// so both themes (and the PNG export, which copies computed colours) follow the theme.

/** One bar of a row or column: its colour class (`statistics__bar-…`) and its value, minor units. */
export type Series = { readonly className: string; readonly value: number }

export type RowItem = {
  readonly key: string
  /** The text drawn above the bars. */
  readonly label: string
  /** The bar's accessible name (and tooltip): its figures in words. */
  readonly text: string
  /** Non-negative values; the longest fills the width. */
  readonly bars: ReadonlyArray<Series>
}

const BAR = 12
const GAP = 2
const LABEL = 17

/** Horizontal bars, one row per item, its label above (no axis: the label carries the figures). */
export function RowBars({
  ref,
  items,
  label,
}: {
  readonly ref: React.Ref<SVGSVGElement>
  readonly items: ReadonlyArray<RowItem>
  readonly label: string
}) {
  const { width, measure } = useChartWidth()
  const perRow = Math.max(1, ...items.map((item) => item.bars.length))
  const rowHeight = LABEL + perRow * (BAR + GAP) + 5
  const height = Math.max(items.length, 1) * rowHeight + 4
  const max = Math.max(1, ...items.flatMap((item) => item.bars.map((bar) => bar.value)))
  const x = scaleLinear<number>({ domain: [0, max], range: [0, width - 4] })
  return (
    <div ref={measure} className="statistics__chart-box">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group names the chart. */}
      <svg
        ref={ref}
        className="statistics__chart"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-label={label}
      >
        {items.map((item, index) => (
          <Group
            key={item.key}
            top={index * rowHeight}
            className="statistics__bar"
            tabIndex={0}
            role="img"
            aria-label={item.text}
          >
            <title>{item.text}</title>
            <text className="statistics__bar-label" x={2} y={13}>
              {item.label}
            </text>
            {item.bars.map((bar, position) => (
              <Bar
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's series are fixed.
                key={position}
                className={bar.className}
                x={2}
                y={LABEL + position * (BAR + GAP)}
                height={BAR}
                width={Math.max(1, x(Math.max(0, bar.value)))}
                rx={2}
              />
            ))}
          </Group>
        ))}
      </svg>
    </div>
  )
}

export type ColumnItem = {
  readonly key: string
  /** The short text under the column ("lis"). */
  readonly tick: string
  readonly text: string
  /** Side by side within the column; negative values hang below the zero line. */
  readonly bars: ReadonlyArray<Series>
}

/** A horizontal reference line across the columns (an average, a median). */
export type ReferenceLine = { readonly key: string; readonly className: string; readonly value: number }

const COLUMNS_HEIGHT = 160
const AXIS = 16

/** Columns over months, with optional reference lines; ticks thin out when the columns get narrow. */
export function Columns({
  ref,
  items,
  label,
  lines = [],
}: {
  readonly ref: React.Ref<SVGSVGElement>
  readonly items: ReadonlyArray<ColumnItem>
  readonly label: string
  readonly lines?: ReadonlyArray<ReferenceLine>
}) {
  const { width, measure } = useChartWidth()
  const x = scaleBand<string>({ domain: items.map((item) => item.key), range: [0, width], padding: 0.2 })
  const values = [
    ...items.flatMap((item) => item.bars.map((bar) => bar.value)),
    ...lines.map((line) => line.value),
  ]
  const y = scaleLinear<number>({
    domain: [Math.min(0, ...values), Math.max(1, ...values)],
    range: [COLUMNS_HEIGHT - AXIS, 4],
  })
  const zero = y(0)
  // A tick needs ~28 px; on a phone a 24-month chart labels every second or third month.
  const every = Math.max(1, Math.ceil(28 / Math.max(1, x.step())))
  return (
    <div ref={measure} className="statistics__chart-box">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group names the chart. */}
      <svg
        ref={ref}
        className="statistics__chart"
        width={width}
        height={COLUMNS_HEIGHT}
        viewBox={`0 0 ${width} ${COLUMNS_HEIGHT}`}
        role="group"
        aria-label={label}
      >
        <line className="statistics__zero" x1={0} x2={width} y1={zero} y2={zero} />
        {items.map((item, index) => {
          const left = x(item.key) ?? 0
          const each = x.bandwidth() / Math.max(1, item.bars.length)
          return (
            <Group key={item.key} className="statistics__bar" tabIndex={0} role="img" aria-label={item.text}>
              <title>{item.text}</title>
              {item.bars.map((bar, position) => {
                const top = y(Math.max(0, bar.value))
                return (
                  <Bar
                    // biome-ignore lint/suspicious/noArrayIndexKey: a column's series are fixed.
                    key={position}
                    className={bar.className}
                    x={left + position * each}
                    y={top}
                    width={each}
                    height={Math.max(1, Math.abs(y(Math.min(0, bar.value)) - top))}
                  />
                )
              })}
              {(items.length - 1 - index) % every === 0 ? (
                <text
                  className="statistics__axis-label"
                  x={left + x.bandwidth() / 2}
                  y={COLUMNS_HEIGHT - 4}
                  textAnchor="middle"
                >
                  {item.tick}
                </text>
              ) : null}
            </Group>
          )
        })}
        {lines.map((line) => (
          <line
            key={line.key}
            className={line.className}
            x1={0}
            x2={width}
            y1={y(line.value)}
            y2={y(line.value)}
          />
        ))}
      </svg>
    </div>
  )
}
