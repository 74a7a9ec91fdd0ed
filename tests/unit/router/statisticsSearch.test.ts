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

  it('given a filter, when validated, then it is kept as written, its unreadable parts and an empty one dropped', () => {
    const filter = 'accountIds=0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b&payee=Biedronka&fromDate=2026-01-01'
    expect(validateStatisticsSearch({ filter })).toEqual({ filter })
    expect(validateStatisticsSearch({ filter: 'payee=%20Lidl%20&fromDate=2026-02-30&toDate=soon' })).toEqual({
      filter: 'payee=Lidl',
    })
    expect(validateStatisticsSearch({ filter: 'nothing=here' })).toEqual({})
    expect(validateStatisticsSearch({ filter: 7 })).toEqual({})
  })
})
