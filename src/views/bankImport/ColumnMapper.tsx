import { useSelector } from '@xstate/react'
import { useLayoutEffect, useRef, useState } from 'react'
import { Button, Checkbox, Group, Input, Label, NumberField, Text } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type ColumnRole,
  columnRoles,
  csvDelimiters,
  MAX_SKIP_LINES,
  type MapperSettings,
  type MapperView,
  selectMapper,
} from '../../../machines/bankImport/index.ts'
import { type CsvDelimiter, DateOrder } from '../../../schemas/imports.ts'
import { ChoiceSelect } from '../../components/dialog/FormDialog.tsx'
import { useDevice } from '../../layouts/useDevice.ts'
import { problemText } from './problemText.ts'
import { useRowFormat } from './rowFormat.ts'
import type { ImportRef } from './useImportActor.ts'

const DELIMITER_NAMES: Readonly<Record<CsvDelimiter, string>> = {
  ';': 'semicolon',
  ',': 'comma',
  '\t': 'tab',
  '|': 'pipe',
}

const isRole = (value: string): value is ColumnRole => (columnRoles as readonly string[]).includes(value)
const isDelimiter = (value: string): value is CsvDelimiter =>
  (csvDelimiters as readonly string[]).includes(value)
const isOrder = (value: string): value is DateOrder =>
  (DateOrder.literals as readonly string[]).includes(value)

/** Below this width (px) the mapper lists the columns one under another instead of a table of lines. */
const COLUMNS_BELOW = 640

/** Narrow screens: one card per column, its role, its header and its first values. */
function ColumnCards({ actor, view }: { readonly actor: ImportRef; readonly view: MapperView }) {
  const { t } = useTranslation()
  const { mapper } = view
  if (mapper === null) return null
  if (mapper.table.length === 0) return <p className="notice">{t('bankImport.mapper.noTable')}</p>
  const { skipLines, hasHeader } = mapper.settings
  const header = hasHeader ? mapper.table[skipLines] : undefined
  const first = skipLines + (hasHeader ? 1 : 0)
  const data = mapper.table.slice(first, first + 3)
  const roleChoices = columnRoles.map((role) => ({ id: role, label: t(`bankImport.mapper.roles.${role}`) }))
  return (
    <ol className="import-columns" aria-label={t('bankImport.mapper.tableLabel')}>
      {mapper.roles.map((role, column) => {
        const name = header?.[column] ?? ''
        const values = data
          .map((row) => row[column] ?? '')
          .filter((value) => value !== '')
          .join(' · ')
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its index.
          <li key={column} className={`import-column import-column--${role}`}>
            <ChoiceSelect
              className={`field import-role import-role--${role}`}
              label={t('bankImport.mapper.column', { n: column + 1 })}
              value={role}
              choices={roleChoices}
              error=""
              onChange={(id) => {
                if (isRole(id)) actor.send({ type: 'mapping.setRole', column, role: id })
              }}
            />
            {name === '' ? null : (
              <span className="import-column__header" title={name}>
                {name}
              </span>
            )}
            <span className="import-column__values" title={values}>
              {values}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** The sample as a table where there is room, as a list of columns on a narrow screen. */
function Sample({ actor, view }: { readonly actor: ImportRef; readonly view: MapperView }) {
  const device = useDevice()
  const boxRef = useRef<HTMLDivElement>(null)
  const [narrow, setNarrow] = useState(device === 'mobile')
  useLayoutEffect(() => {
    const box = boxRef.current
    if (box === null) return
    const update = () => setNarrow(box.clientWidth < COLUMNS_BELOW)
    update()
    const observer = new ResizeObserver(update)
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  return (
    <div ref={boxRef} className="import-sample-box">
      {narrow ? <ColumnCards actor={actor} view={view} /> : <SampleTable actor={actor} view={view} />}
    </div>
  )
}

/** The file's first lines, each column with its role above it; skipped lines and the header marked. */
function SampleTable({ actor, view }: { readonly actor: ImportRef; readonly view: MapperView }) {
  const { t } = useTranslation()
  const { mapper } = view
  if (mapper === null) return null
  if (mapper.table.length === 0) return <p className="notice">{t('bankImport.mapper.noTable')}</p>
  const { skipLines, hasHeader } = mapper.settings
  const roleChoices = columnRoles.map((role) => ({ id: role, label: t(`bankImport.mapper.roles.${role}`) }))
  return (
    <section className="import-sample" aria-label={t('bankImport.mapper.tableLabel')}>
      <table className="import-sample__table">
        <thead>
          <tr>
            <th scope="col" className="import-sample__line">
              <span className="visually-hidden">{t('bankImport.mapper.line')}</span>
            </th>
            {mapper.roles.map((role, column) => (
              // Columns have no identity but their place.
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its index.
              <th key={column} scope="col" className="import-sample__role">
                <ChoiceSelect
                  className={`field import-role import-role--${role}`}
                  label={t('bankImport.mapper.column', { n: column + 1 })}
                  value={role}
                  choices={roleChoices}
                  error=""
                  onChange={(id) => {
                    if (isRole(id)) actor.send({ type: 'mapping.setRole', column, role: id })
                  }}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {mapper.table.map((row, line) => {
            const kind = line < skipLines ? 'skipped' : line === skipLines && hasHeader ? 'header' : 'data'
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line of the file is its index.
              <tr key={line} className={`import-sample__row import-sample__row--${kind}`}>
                <th scope="row" className="import-sample__line">
                  {line + 1}
                  {kind === 'data' ? null : (
                    <span className="import-sample__mark">{t(`bankImport.mapper.${kind}`)}</span>
                  )}
                </th>
                {mapper.roles.map((role, column) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: a column is its index.
                    key={column}
                    className={`import-sample__cell import-sample__cell--${role}`}
                    title={row[column]}
                  >
                    {row[column] ?? ''}
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

/** How the first rows read with this mapping: the answer to "did I get the columns right?". */
function MappedRows({ view }: { readonly view: MapperView }) {
  const { t } = useTranslation()
  const format = useRowFormat()
  if (view.state === 'sampling') return <p role="status">{t('bankImport.mapper.sampling')}</p>
  if (view.state === 'incomplete')
    return (
      <ul className="import-gaps" aria-live="polite">
        {view.gaps.map((gap) => (
          <li key={gap}>{t(`bankImport.mapper.gaps.${gap}`)}</li>
        ))}
      </ul>
    )
  if (view.problem !== null)
    return (
      <p className="notice notice--error" role="alert">
        {problemText(t, view.problem)}
      </p>
    )
  if (view.rows === null)
    return (
      <p role="status" className="import-muted">
        {t('bankImport.mapper.reading')}
      </p>
    )
  return (
    <div className={view.state === 'shown' ? 'import-mapped' : 'import-mapped import-mapped--stale'}>
      <h3 id="import-mapped-title" className="import-mapped__title">
        {t('bankImport.mapper.mappedLabel')}
      </h3>
      <ul className="import-mapped__list" aria-labelledby="import-mapped-title">
        {view.rows.map((row) => (
          <li key={row.line} className="import-mapped__row">
            <span>{row.date === null ? t('bankImport.review.noDate') : format.date(row.date)}</span>
            <span className="import-mapped__payee" title={row.payee || row.memo}>
              {row.payee || row.memo}
            </span>
            <span>{row.value === null ? '' : format.amount(row.value)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Settings({ actor, view }: { readonly actor: ImportRef; readonly view: MapperView }) {
  const { t } = useTranslation()
  const settings = view.mapper?.settings
  if (settings === undefined) return null
  const set = (change: Partial<MapperSettings>) => actor.send({ type: 'mapping.set', settings: change })
  return (
    <div className="import-settings">
      <ChoiceSelect
        label={t('bankImport.mapper.delimiter')}
        value={settings.delimiter}
        choices={csvDelimiters.map((delimiter) => ({
          id: delimiter,
          label: t(`bankImport.mapper.delimiters.${DELIMITER_NAMES[delimiter]}`),
        }))}
        error=""
        onChange={(id) => {
          if (isDelimiter(id)) set({ delimiter: id })
        }}
      />
      <NumberField
        className="field"
        value={settings.skipLines}
        minValue={0}
        maxValue={MAX_SKIP_LINES}
        step={1}
        onChange={(lines) => {
          if (Number.isInteger(lines)) set({ skipLines: lines })
        }}
      >
        <Label className="field__label">{t('bankImport.mapper.skipLines')}</Label>
        <Group className="import-number">
          <Button slot="decrement" className="button button--quiet import-number__step">
            -
          </Button>
          <Input className="field__input import-number__input" />
          <Button slot="increment" className="button button--quiet import-number__step">
            +
          </Button>
        </Group>
      </NumberField>
      <ChoiceSelect
        label={t('bankImport.mapper.dateOrder')}
        value={settings.dateOrder}
        choices={DateOrder.literals.map((order) => ({
          id: order,
          label: t(`bankImport.dateOrder.${order}`),
        }))}
        error=""
        onChange={(id) => {
          if (isOrder(id)) set({ dateOrder: id })
        }}
      />
      <ChoiceSelect
        label={t('bankImport.mapper.decimal')}
        value={settings.decimalSeparator}
        choices={[
          { id: ',', label: t('bankImport.mapper.decimalComma') },
          { id: '.', label: t('bankImport.mapper.decimalDot') },
        ]}
        error=""
        onChange={(id) => set({ decimalSeparator: id === '.' ? '.' : ',' })}
      />
      <Checkbox
        className="import-checkbox"
        isSelected={settings.hasHeader}
        onChange={(hasHeader) => set({ hasHeader })}
      >
        <span className="import-checkbox__box" aria-hidden="true" />
        {t('bankImport.mapper.hasHeader')}
      </Checkbox>
      <div className="import-settings__check">
        <Checkbox
          className="import-checkbox"
          isSelected={settings.invertSign}
          onChange={(invertSign) => set({ invertSign })}
          aria-describedby="import-invert-hint"
        >
          <span className="import-checkbox__box" aria-hidden="true" />
          {t('bankImport.mapper.invertSign')}
        </Checkbox>
        <Text id="import-invert-hint" className="field__description">
          {t('bankImport.mapper.invertSignHint')}
        </Text>
      </div>
    </div>
  )
}

/** A CSV no layout knows: what each column holds and how the file is laid out, with a live preview. */
export function ColumnMapper({ actor }: { readonly actor: ImportRef }) {
  const { t } = useTranslation()
  const view = useSelector(actor, selectMapper)
  if (view === null) return null
  const count = view.rowsRead ?? 0
  return (
    <section className="import-step import-mapper" aria-labelledby="import-mapper-title">
      <h2 id="import-mapper-title" className="import-step__title">
        {t('bankImport.mapper.title')}
      </h2>
      <p className="import-muted">{t('bankImport.mapper.intro')}</p>
      <Settings actor={actor} view={view} />
      <Sample actor={actor} view={view} />
      <MappedRows view={view} />
      <div className="import-actions">
        <Button className="button button--quiet" onPress={() => actor.send({ type: 'import.back' })}>
          {t('bankImport.back')}
        </Button>
        <Button
          className="button button--primary"
          isDisabled={!view.canConfirm}
          onPress={() => actor.send({ type: 'mapping.confirm' })}
        >
          {view.canConfirm ? t('bankImport.mapper.confirm', { count }) : t('bankImport.mapper.confirmNone')}
        </Button>
      </div>
    </section>
  )
}
