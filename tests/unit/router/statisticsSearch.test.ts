import { describe, expect, it } from 'vitest'
import { periodOfSearch, validateStatisticsSearch } from '../../../src/router/statisticsSearch.ts'

describe('statistics search', () => {
  it('given a full report choice, when validated, then every parameter is kept', () => {
    const search = {
      report: 'Trends',
      granularity: 'Year',
      period: '2026-11',
      dimension: 'group',
      subject: 'Housing',
    }
    expect(validateStatisticsSearch(search)).toEqual(search)
  })

  it('given bad parameters, when validated, then each bad one drops alone', () => {
    expect(
      validateStatisticsSearch({
        report: 'Pie',
        granularity: 'Week',
        period: '2026-13',
        dimension: 'x',
        subject: '',
      }),
    ).toEqual({})
    // The router's parser turns a bare 202611 into a number: not a period of this address.
    expect(validateStatisticsSearch({ report: 'NetWorth', period: 202611 })).toEqual({ report: 'NetWorth' })
  })

  it('given the written period, when read, then it is the YYYYMM key', () => {
    expect(periodOfSearch('2026-01')).toBe('202601')
    expect(periodOfSearch('202601')).toBeUndefined()
    expect(periodOfSearch(undefined)).toBeUndefined()
  })
})
