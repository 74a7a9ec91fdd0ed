import { scaleLinear } from '@visx/scale'
import { AreaClosed, Bar } from '@visx/shape'
import { useTranslation } from 'react-i18next'
import type { BalancePoint, ScheduleLine } from '../../../machines/loans/index.ts'
import { useChartWidth } from '../../components/charts/useChartWidth.ts'
import type { LoanFormats } from './format.ts'

// The loan's two charts (visx, drawn like src/views/statistics/charts.tsx): the balance over time and each
// installment's interest and principal. Each is one image named with its figures in words; the schedule table
// below is the same data as text.

const HEIGHT = 160
const AXIS = 18

/** The balance from the amount borrowed down to nothing, installment by installment. */
export function BalanceChart({
  points,
  formats,
}: {
  readonly points: ReadonlyArray<BalancePoint>
  readonly formats: LoanFormats
}) {
  const { t } = useTranslation()
  const { width, measure } = useChartWidth()
  const first = points[0]
  const last = points[points.length - 1]
  const x = scaleLinear<number>({ domain: [0, Math.max(1, points.length - 1)], range: [0, width] })
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...points.map((point) => point.balance))],
    range: [HEIGHT - AXIS, 4],
  })
  const label = t('loans.charts.balanceText', {
    from: formats.money(first?.balance ?? 0),
    start: formats.month(first?.date ?? ''),
    to: formats.money(last?.balance ?? 0),
    end: formats.month(last?.date ?? ''),
  })
  return (
    <figure className="loans-chart">
      <figcaption className="loans-chart__title">{t('loans.charts.balance')}</figcaption>
      <div ref={measure} className="loans-chart__box">
        <svg className="loans-chart__svg" width={width} height={HEIGHT} role="img" aria-label={label}>
          <title>{label}</title>
          <AreaClosed<BalancePoint>
            className="loans-chart__area"
            data={[...points]}
            x={(_, index) => x(index)}
            y={(point) => y(point.balance)}
            yScale={y}
          />
          <line className="loans-chart__zero" x1={0} x2={width} y1={y(0)} y2={y(0)} />
          <text className="loans-chart__axis" x={2} y={HEIGHT - 4}>
            {formats.month(first?.date ?? '')}
          </text>
          <text className="loans-chart__axis" x={width - 2} y={HEIGHT - 4} textAnchor="end">
            {formats.month(last?.date ?? '')}
          </text>
        </svg>
      </div>
    </figure>
  )
}

/** Each installment as a column: its interest on top of its principal (an annuity's interest shrinks over time). */
export function SplitChart({
  lines,
  formats,
}: {
  readonly lines: ReadonlyArray<ScheduleLine>
  readonly formats: LoanFormats
}) {
  const { t } = useTranslation()
  const { width, measure } = useChartWidth()
  const paying = lines.filter((line) => line.payment > 0)
  const step = width / Math.max(1, paying.length)
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...paying.map((line) => Math.max(line.payment, line.principal)))],
    range: [HEIGHT - AXIS, 4],
  })
  const base = y(0)
  const first = paying[0]
  const last = paying[paying.length - 1]
  const label =
    first === undefined || last === undefined
      ? t('loans.charts.splitEmpty')
      : t('loans.charts.splitText', {
          first: first.number,
          firstInterest: formats.money(first.interest),
          firstPrincipal: formats.money(first.principal),
          last: last.number,
          lastInterest: formats.money(last.interest),
          lastPrincipal: formats.money(last.principal),
        })
  return (
    <figure className="loans-chart">
      <figcaption className="loans-chart__title">{t('loans.charts.split')}</figcaption>
      <div ref={measure} className="loans-chart__box">
        <svg className="loans-chart__svg" width={width} height={HEIGHT} role="img" aria-label={label}>
          <title>{label}</title>
          {paying.map((line, index) => {
            const principalTop = y(Math.max(0, line.principal))
            const interestTop = y(Math.max(0, line.principal) + Math.max(0, line.interest))
            return (
              <g key={line.number}>
                <Bar
                  className="loans-chart__principal"
                  x={index * step}
                  y={principalTop}
                  width={Math.max(0.5, step - (step > 3 ? 1 : 0))}
                  height={Math.max(0, base - principalTop)}
                />
                <Bar
                  className="loans-chart__interest"
                  x={index * step}
                  y={interestTop}
                  width={Math.max(0.5, step - (step > 3 ? 1 : 0))}
                  height={Math.max(0, principalTop - interestTop)}
                />
              </g>
            )
          })}
          <text className="loans-chart__axis" x={2} y={HEIGHT - 4}>
            {formats.month(first?.date ?? '')}
          </text>
          <text className="loans-chart__axis" x={width - 2} y={HEIGHT - 4} textAnchor="end">
            {formats.month(last?.date ?? '')}
          </text>
        </svg>
      </div>
      <p className="loans-chart__legend">
        <span className="loans-chart__key loans-chart__key--principal" aria-hidden="true" />
        {t('loans.charts.principal')}
        <span className="loans-chart__key loans-chart__key--interest" aria-hidden="true" />
        {t('loans.charts.interest')}
      </p>
    </figure>
  )
}
