// The choices a statistics report is made of, apart from the chart code: the router reads them from the address
// (src/router/statisticsSearch.ts) in the first screen's bundle.

export const DIMENSIONS = ['category', 'group', 'spendingClass'] as const
export type Dimension = (typeof DIMENSIONS)[number]

/** The screen's reports, in the order it offers them (issue 31 §1; api31b.md ReportKind). */
export const STATISTICS_REPORTS = ['Spending', 'CashFlow', 'Trends', 'BudgetVsActual', 'NetWorth'] as const
export type StatisticsReport = (typeof STATISTICS_REPORTS)[number]
