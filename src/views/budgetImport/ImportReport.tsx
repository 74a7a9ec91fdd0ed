import { useTranslation } from 'react-i18next'
import type { BudgetImportReport } from '../../../schemas/budgetImport.ts'

/** What the import brought over, what only approximately, and what it left out, each counted. */
export function ImportReport({ report }: { readonly report: BudgetImportReport }) {
  const { t } = useTranslation()
  const sections = [
    {
      id: 'mapped',
      title: t('budgetImport.mappedTitle'),
      lines: report.mapped.map(({ kind, count }) => t(`budgetImport.mapped.${kind}`, { count })),
    },
    {
      id: 'approximated',
      title: t('budgetImport.approximatedTitle'),
      lines: report.approximated.map(({ code, count, params }) =>
        t(`budgetImport.approximated.${code}`, { ...params, count }),
      ),
    },
    {
      id: 'leftOut',
      title: t('budgetImport.leftOutTitle'),
      lines: report.leftOut.map(({ code, count, params }) =>
        t(`budgetImport.leftOut.${code}`, { ...params, count }),
      ),
    },
  ]
  return (
    <div className="budget-import__report">
      {sections
        .filter((section) => section.lines.length > 0)
        .map((section) => (
          <section
            key={section.id}
            className={`budget-import__report-part budget-import__report-part--${section.id}`}
            aria-labelledby={`budget-import-${section.id}`}
          >
            <h3 id={`budget-import-${section.id}`}>{section.title}</h3>
            <ul>
              {section.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  )
}
