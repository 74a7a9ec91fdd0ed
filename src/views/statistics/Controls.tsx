import { Button, ToggleButton, ToggleButtonGroup } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { addMonths } from '../../../domain/period.ts'
import { STATISTICS_REPORTS } from '../../../machines/statistics/statistics.choice.ts'
import type { Granularity } from '../../../schemas/statistics.ts'
import { periodName, useFormats } from './formats.ts'
import type { Choice, ChoiceChange } from './useChoice.ts'

const GRANULARITIES: ReadonlyArray<Granularity> = ['Month', 'Year']

/** The report, Miesiąc / Rok and the period: the choices every report shares. */
export function Controls({
  choice,
  choose,
  refreshing,
}: {
  readonly choice: Choice
  readonly choose: (change: ChoiceChange) => void
  readonly refreshing: boolean
}) {
  const { t } = useTranslation()
  const formats = useFormats()
  const { granularity, period } = choice
  const step = granularity === 'Month' ? 1 : 12
  return (
    <div className="statistics__controls">
      <label className="statistics__field">
        <span className="field__label">{t('statistics.report.label')}</span>
        <select
          className="field__input"
          value={choice.report}
          onChange={(event) => {
            const report = STATISTICS_REPORTS.find((value) => value === event.target.value)
            if (report !== undefined) choose({ report })
          }}
        >
          {STATISTICS_REPORTS.map((value) => (
            <option key={value} value={value}>
              {t(`statistics.report.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <ToggleButtonGroup
        className="statistics__toggle"
        aria-label={t('statistics.granularity')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[granularity]}
        onSelectionChange={(keys) => {
          const next = GRANULARITIES.find((value) => keys.has(value))
          if (next !== undefined) choose({ granularity: next })
        }}
      >
        {GRANULARITIES.map((value) => (
          <ToggleButton key={value} id={value} className="statistics__toggle-button">
            {t(`statistics.granularityOption.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <fieldset className="statistics__period">
        <legend className="visually-hidden">{t('statistics.period')}</legend>
        <Button
          className="button statistics__step"
          aria-label={t(`statistics.previous.${granularity}`)}
          onPress={() => choose({ period: addMonths(period, -step) })}
        >
          {'‹'}
        </Button>
        <output className="statistics__period-label" aria-live="polite">
          {periodName(granularity, period, formats)}
        </output>
        <Button
          className="button statistics__step"
          aria-label={t(`statistics.next.${granularity}`)}
          onPress={() => choose({ period: addMonths(period, step) })}
        >
          {'›'}
        </Button>
      </fieldset>
      {refreshing ? (
        <span className="statistics__refreshing" role="status">
          {t('statistics.loading')}
        </span>
      ) : null}
    </div>
  )
}
