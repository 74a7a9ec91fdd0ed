import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { detectFormat, parseBankCsv } from '../../../../domain/import/detect.ts'
import { decodeFile } from '../../../../domain/import/encoding.ts'
import {
  bankFormats,
  type ImportEncoding,
  type ImportFormat,
  type ParsedRow,
} from '../../../../schemas/imports.ts'

// Each bank's fixture (tests/fixtures/import/, written by write-fixtures.ts in the bank's layout and encoding,
// with made-up people) read byte for byte as an upload would be: every row exactly, its line where it starts.

const fixtures = join(import.meta.dirname, '../../../fixtures/import')

const read = (file: string) => {
  const decoded = decodeFile(new Uint8Array(readFileSync(join(fixtures, file))))
  if (!decoded.ok) throw new Error(`${file}: ${decoded.error}`)
  return decoded
}

const row = (
  line: number,
  date: string | null,
  bookingDate: string | null,
  amount: string | null,
  currency: string | null,
  payee: string,
  memo: string,
  more: Partial<Pick<ParsedRow, 'bankId' | 'pending' | 'error'>> = {},
): ParsedRow => ({
  line,
  date,
  bookingDate,
  amount,
  currency,
  payee,
  memo,
  bankId: null,
  pending: false,
  error: null,
  ...more,
})

interface Case {
  readonly file: string
  readonly encoding: ImportEncoding
  readonly format: ImportFormat
  readonly accountNumber: string | null
  readonly rows: readonly ParsedRow[]
}

const cases: readonly Case[] = [
  {
    file: 'dkb/girokonto.csv',
    encoding: 'utf-8',
    format: 'dkb',
    accountNumber: 'DE02120300000000202051',
    rows: [
      row(
        6,
        '2026-09-28',
        '2026-09-28',
        '-7.02',
        'EUR',
        'Bäckerei Kühne',
        '2026-09-27T08:53 Debitk. 0 VISA Debit',
        { pending: true },
      ),
      row(7, '2026-09-26', '2026-09-26', '2987', 'EUR', 'Arbeitgeber Süd GmbH', 'Lohn September'),
      row(8, '2026-09-24', '2026-09-25', '-950.00', 'EUR', 'Wohnbau Süd GmbH', 'Miete\nOktober'),
      row(10, '2026-09-30', null, '-2.50', 'EUR', 'Kiosk', 'Zeitung', { error: 'invalid-date' }),
      row(11, '2026-09-20', '2026-09-20', '-17.9', 'EUR', 'Eisdiele Venezia', 'Eis'),
      row(12, '2026-09-19', '2026-09-19', null, 'EUR', 'Bäcker', 'Brötchen', { error: 'invalid-amount' }),
    ],
  },
  {
    file: 'dkb/legacy.csv',
    encoding: 'windows-1250',
    format: 'dkb',
    accountNumber: 'DE12120300001234567890',
    rows: [
      row(9, '2026-08-29', '2026-08-30', '-1234.56', 'EUR', 'Müller Drogerie', 'Einkauf Filiale Süd'),
      row(10, '2026-08-15', '2026-08-15', '250.00', 'EUR', 'Großmann & Söhne', 'Rückzahlung'),
    ],
  },
  {
    file: 'ing/Lista_transakcji_nr_0123456_020526.csv',
    encoding: 'windows-1250',
    format: 'ing',
    accountNumber: '44105012341000009012345678',
    rows: [
      row(
        14,
        '2026-04-30',
        '2026-04-30',
        '-15.80',
        'PLN',
        'ŻABKA Z5732 K.1 KATOWICE PL',
        'Płatność kartą 30.04.2026 Nr karty 4246xx1234',
        { bankId: '202612000000001' },
      ),
      row(
        15,
        '2026-04-29',
        null,
        '-250.00',
        'PLN',
        'ORLEN STACJA NR 123 GLIWICE PL',
        'Płatność kartą 29.04.2026 Nr karty 4246xx1234',
        { bankId: '202612000000002', pending: true },
      ),
      row(
        16,
        '2026-04-28',
        '2026-04-28',
        '320.00',
        'PLN',
        'JANUSZ ŁĘCZYCKI UL. KRÓTKA 1 44-100 GLIWICE',
        'Zwrot za\nzakupy na działkę',
        { bankId: '202612000000003' },
      ),
      row(
        18,
        '2026-04-27',
        '2026-04-27',
        '-49.00',
        'PLN',
        'NETFLIX.COM AMSTERDAM NL',
        'Płatność kartą 27.04.2026',
        { bankId: '202612000000004' },
      ),
      row(19, null, '2026-04-26', '-5.00', 'PLN', 'SKLEP ŚWIERSZCZ', 'Płatność kartą', {
        bankId: '202612000000005',
        error: 'invalid-date',
      }),
      row(20, '2026-04-25', '2026-04-25', null, 'PLN', 'KAWIARNIA ŹRÓDŁO', 'Płatność kartą', {
        bankId: '202612000000006',
        error: 'invalid-amount',
      }),
      row(21, '2026-04-24', '2026-04-24', '-1234.56', 'PLN', 'URZĄD SKARBOWY W KATOWICACH', 'PIT-37 2025', {
        bankId: '202612000000007',
      }),
    ],
  },
  {
    file: 'mbank-statement/eKonto_98114020_260201_260228.csv',
    encoding: 'windows-1250',
    format: 'mbank-statement',
    accountNumber: '98114020040000310276543210',
    rows: [
      row(
        37,
        '2026-02-27',
        '2026-02-28',
        '-210.40',
        null,
        'STACJA PALIW ORLEŃ/GDAŃSK',
        'ZAKUP PRZY UŻYCIU KARTY',
      ),
      row(38, '2026-02-25', '2026-02-25', '-130.00', null, 'ENERGIA PÓŁNOC SA', 'OPŁATA ZA "PRĄD" LUTY'),
      row(
        39,
        '2026-02-20',
        '2026-02-20',
        '2500.00',
        null,
        'ŚWIĘTOKRZYSKA FABRYKA ŁYŻEK SP. Z O.O.',
        'WYNAGRODZENIE LUTY 2026',
      ),
      row(40, null, null, '-45.00', null, 'KWIACIARNIA ŹDŹBŁO', 'ZAKUP PRZY UŻYCIU KARTY', {
        error: 'invalid-date',
      }),
      row(41, '2026-02-10', '2026-02-11', null, null, 'KSIĘGARNIA PÓŁKA', 'ZAKUP PRZY UŻYCIU KARTY', {
        error: 'invalid-amount',
      }),
      row(42, '2026-02-03', '2026-02-03', '-1000.00', null, 'HALINA KIEPSKA', 'NA WAKACJE'),
    ],
  },
  {
    file: 'mbank/lista-operacji.csv',
    encoding: 'windows-1250',
    format: 'mbank',
    accountNumber: '12114020040000300299999999',
    rows: [
      row(
        26,
        '2026-03-28',
        null,
        '-23.45',
        'PLN',
        'ŻABKA POLSKA SP. Z O.O.',
        'ZAKUP PRZY UŻYCIU KARTY W KRAJU',
      ),
      row(
        27,
        '2026-03-27',
        null,
        '-1850.00',
        'PLN',
        'SPÓŁDZIELNIA MIESZKANIOWA „ŚWIT”, CZYNSZ ZA MARZEC',
        'PRZELEW ZEWNĘTRZNY WYCHODZĄCY 61109010140000071219812874',
      ),
      row(
        28,
        '2026-03-20',
        null,
        '150.00',
        'PLN',
        'GRZEGORZ BRZĘCZYSZCZYKIEWICZ, ZWROT ZA BILETY DO KRAKOWA I Z POWROTEM',
        'PRZELEW WEWNĘTRZNY PRZYCHODZĄCY 12114020040000300299999999',
      ),
      row(
        30,
        '2026-03-15',
        null,
        '-120.00',
        'EUR',
        'BOOKING.COM AMSTERDAM',
        'ZAKUP PRZY UŻYCIU KARTY ZA GRANICĄ',
      ),
      row(31, null, null, '-8.90', 'PLN', 'PIEKARNIA U ŹDZISŁAWA', 'ZAKUP PRZY UŻYCIU KARTY W KRAJU', {
        error: 'invalid-date',
      }),
      row(32, '2026-03-10', null, null, null, 'APTEKA POD ŁABĘDZIEM', 'ZAKUP PRZY UŻYCIU KARTY W KRAJU', {
        error: 'invalid-amount',
      }),
      row(
        33,
        '2026-03-01',
        null,
        '5000.00',
        'PLN',
        'FIRMA ĄĘ SP. Z O.O., WYNAGRODZENIE — LUTY',
        'PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY',
      ),
    ],
  },
  {
    file: 'millennium/Historia_transakcji_20260616_120000.csv',
    encoding: 'utf-8',
    format: 'millennium',
    accountNumber: 'PL12116022020000000012345678',
    rows: [
      row(2, '2026-06-15', '2026-06-16', '-87.50', 'PLN', 'RESTAURACJA ŻUREK KRAKÓW', 'Zakup w restauracji'),
      row(3, '2026-06-14', '2026-06-14', '200.00', 'PLN', 'ŁUKASZ GĘBALA', 'Zwrot za koncert'),
      row(4, '2026-06-13', null, '-4.80', 'PLN', 'JAKDOJADE.PL', 'Bilet 20 min', { pending: true }),
      row(5, '2026-06-12', '2026-06-12', '-45.10', 'PLN', 'SPÓŁKA WODNA „ZDRÓJ”', 'Woda\nczerwiec'),
      row(7, null, '2026-06-11', '-30.00', 'PLN', 'KWIACIARNIA', 'Kwiaty', { error: 'invalid-date' }),
      row(8, '2026-06-10', '2026-06-10', null, 'PLN', 'Prowadzenie rachunku', 'OPŁATA', {
        error: 'invalid-amount',
      }),
      row(9, '2026-06-09', '2026-06-10', '-20.00', 'EUR', 'AMAZON.DE', 'Zakup książki'),
    ],
  },
  {
    file: 'n26/legacy.csv',
    encoding: 'utf-8',
    format: 'n26',
    accountNumber: null,
    rows: [
      row(2, '2019-08-13', '2019-08-13', '-23.45', 'EUR', 'Rewe Süd', 'MasterCard Payment'),
      row(3, '2019-08-14', '2019-08-14', '100.0', 'EUR', 'Łucja Nowak', 'Rückzahlung'),
    ],
  },
  {
    file: 'n26/n26-csv-transactions.csv',
    encoding: 'utf-8',
    format: 'n26',
    accountNumber: null,
    rows: [
      row(2, '2026-09-02', '2026-09-03', '-13.58', 'EUR', 'Lidl Österreich GmbH', 'Presentment'),
      row(3, '2026-09-03', '2026-09-03', '50.00', 'EUR', 'Żaneta Wójcik', 'Urodziny\ni tort'),
      row(5, '2026-09-04', '2026-09-04', '-4.20', 'EUR', 'Piekarnia Łódź', 'Presentment'),
      row(6, '2026-09-30', null, '-3.10', 'EUR', 'Rewe', 'Presentment', { error: 'invalid-date' }),
      row(7, '2026-09-05', '2026-09-05', null, 'EUR', 'dm-drogerie markt', 'Presentment', {
        error: 'invalid-amount',
      }),
    ],
  },
  {
    file: 'pekao/historia.csv',
    encoding: 'windows-1250',
    format: 'pekao',
    accountNumber: null,
    rows: [
      row(2, '2026-06-25', '2026-06-26', '-398.13', 'PLN', 'DELIKATESY ŚLIWKA WROCŁAW PL', 'ZAKUP', {
        bankId: '74230781176094055792884',
      }),
      row(3, '2026-06-25', '2026-06-25', '-510.00', 'PLN', 'SPÓŁDZIELNIA „ŁĄCZNOŚĆ”', 'Zaliczka za\nlipiec', {
        bankId: '579216P604008247',
      }),
      row(5, '2026-06-25', '2026-06-25', '6093.28', 'PLN', 'Spłata karty kredytowej', 'WPŁATA', {
        bankId: '00202106251321472951471',
      }),
      row(6, null, '2026-06-24', '-9.99', 'PLN', 'PIEKARNIA ŹRÓDEŁKO', 'ZAKUP', {
        bankId: '74230781176094055799999',
        error: 'invalid-date',
      }),
      row(7, '2026-06-23', '2026-06-23', null, 'PLN', 'KIOSK', 'ZAKUP', {
        bankId: '74230781176094055798888',
        error: 'invalid-amount',
      }),
      row(8, '2026-06-21', '2026-06-22', '-25.00', 'EUR', 'AMAZON EU SARL', 'Zamówienie 123-456', {
        bankId: '74230781176094055797777',
      }),
    ],
  },
  {
    file: 'pko/history_csv_20260407_101500.csv',
    encoding: 'windows-1250',
    format: 'pko',
    accountNumber: null,
    rows: [
      row(
        2,
        '2026-04-04',
        '2026-04-06',
        '-48.78',
        'PLN',
        'PIEKARNIA ZIARENKO',
        '000498849 74230789109067613321359',
      ),
      row(3, '2026-04-05', '2026-04-05', '1800.00', 'PLN', 'JÓZEF ŻÓŁKIEWSKI', 'Zwrot za obiad\ni kino'),
      row(5, '2026-04-05', null, '-90.34', 'PLN', 'BIEDRONKA 1234', '', { pending: true }),
      row(
        6,
        '2026-04-03',
        '2026-04-03',
        '-1200.00',
        'PLN',
        'WSPÓLNOTA MIESZKANIOWA „POD DĘBEM”',
        'Czynsz kwiecień',
      ),
      row(7, null, null, '-15.00', 'PLN', 'www.przykład.pl', '00000071234567', { error: 'invalid-date' }),
      row(8, '2026-04-02', '2026-04-02', null, 'PLN', 'KIOSK NA ROGU', '000498849', {
        error: 'invalid-amount',
      }),
      row(9, '2026-03-31', '2026-04-01', '-20.00', 'EUR', 'CAFÉ DE LA PAIX', '000498850'),
    ],
  },
  {
    file: 'revolut/account-statement_2026-08-01_2026-08-31_pl-pl_abc123.csv',
    encoding: 'utf-8',
    format: 'revolut',
    accountNumber: null,
    rows: [
      row(2, '2026-08-02', '2026-08-02', '-13.19', 'PLN', 'Żabka', 'Card Payment'),
      row(3, '2026-08-02', '2026-08-02', '500.00', 'PLN', 'Top-up by *1234', 'Topup'),
      row(4, '2026-08-03', null, '-32.00', 'PLN', 'Kino Światowid', 'Card Payment', { pending: true }),
      row(6, '2026-08-05', '2026-08-05', '-432.15', 'PLN', 'Exchanged to EUR', 'Exchange'),
      row(7, '2026-08-07', '2026-08-07', '-7.50', 'EUR', 'Café "Łódka", Sopot', 'Card Payment'),
      row(8, '2026-08-08', '2026-08-08', '25.00', 'PLN', 'Przelew od Jana za pizzę', 'Transfer'),
      row(10, null, null, '-9.99', 'PLN', 'Rossmann', 'Card Payment', { error: 'invalid-date' }),
      row(11, '2026-08-10', '2026-08-10', null, 'PLN', 'Lidl', 'Card Payment', { error: 'invalid-amount' }),
    ],
  },
  {
    file: 'santander/historia_2026-05-31_26109000000000000000000001.csv',
    encoding: 'utf-8',
    format: 'santander',
    accountNumber: '26109000000000000000000001',
    rows: [
      row(
        2,
        '2026-05-30',
        '2026-05-31',
        '-56.78',
        'PLN',
        'LIDL ŁÓDŹ',
        'PŁATNOŚĆ KARTĄ 29.05.2026 Nr karty 4567xx1234',
      ),
      row(
        3,
        '2026-05-28',
        '2026-05-28',
        '-600.00',
        'PLN',
        'PRZEDSZKOLE „BAJKA” UL. WESOŁA 3 00-002 WARSZAWA',
        'Opłata za\nprzedszkole — maj',
      ),
      row(
        5,
        '2026-05-20',
        '2026-05-20',
        '1250.00',
        'PLN',
        'MARIUSZ ŻÓŁTOWSKI ELIXIR 20-05-2026',
        'Zwrot za bilety',
      ),
      row(6, null, '2026-05-15', '-10.00', 'PLN', 'SKLEP ŚWIT', 'Zakupy', { error: 'invalid-date' }),
      row(7, '2026-05-10', '2026-05-10', null, 'PLN', 'SKLEP ŚWIT', 'Zakupy', { error: 'invalid-amount' }),
    ],
  },
  {
    file: 'alior/Historia_Operacji_2026-08-01_07-29-13.csv.CSV',
    encoding: 'windows-1250',
    format: 'alior',
    accountNumber: '11249000050000400012345678',
    rows: [
      row(3, '2026-07-30', '2026-07-30', '-300.00', 'PLN', 'Bożena Źrebię', 'Przelew wychodzący'),
      row(4, '2026-07-28', '2026-07-30', '-1.96', 'PLN', 'ŻABKA Z8161 K.1 CZĘSTOCHOWA PL', ''),
      row(5, '2026-07-27', '2026-07-27', '-13.50', 'PLN', 'Korzyść: 3.50 Prowadzenie rachunku: 10.00', ''),
      row(6, '2026-07-25', '2026-07-26', '-432.10', 'PLN', 'HOTEL AM SEE BERLIN DE', ''),
      row(7, '2026-07-02', '2026-07-02', '3535.85', 'PLN', 'ŚWIETLIK SP. Z O.O.', 'Wynagrodzenie za 6/2026'),
      row(8, null, null, '-5.00', 'PLN', 'SKLEP', '', { error: 'invalid-date' }),
      row(9, '2026-07-01', '2026-07-01', null, 'PLN', 'SKLEP', '', { error: 'invalid-amount' }),
    ],
  },
]

describe('bank CSV fixtures', () => {
  for (const fixture of cases) {
    it(`reads ${fixture.file} (${fixture.format}, ${fixture.encoding}) row by row`, () => {
      const { text, encoding } = read(fixture.file)
      expect(encoding).toBe(fixture.encoding)
      expect(detectFormat(text)).toBe(fixture.format)
      expect(parseBankCsv(text)).toEqual({
        ok: true,
        format: fixture.format,
        accountNumber: fixture.accountNumber,
        rows: fixture.rows,
      })
    })
  }

  it('has a fixture for every bank format', () => {
    expect(new Set(cases.map((fixture) => fixture.format))).toEqual(new Set(bankFormats))
  })

  it('reads the same rows when the format is forced', () => {
    for (const fixture of cases) {
      const forced = parseBankCsv(read(fixture.file).text, { format: fixture.format })
      expect(forced.ok && forced.rows).toEqual(fixture.rows)
    }
  })

  it("refuses a bank's file forced as another bank's", () => {
    for (const fixture of cases) {
      const { text } = read(fixture.file)
      for (const format of bankFormats) {
        if (format === fixture.format) continue
        expect(parseBankCsv(text, { format }), `${fixture.file} as ${format}`).toEqual({
          ok: false,
          error: 'wrong-format',
        })
      }
    }
  })
})
