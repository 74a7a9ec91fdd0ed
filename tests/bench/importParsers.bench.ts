// Issue 28 §1: the standard bank files at 50 000 transactions — each must parse in well under a second. Figures are
// printed, never asserted. The files are built here in their real layouts (Polish payees, card payments).
import { performance } from 'node:perf_hooks'
import { parseCamt053 } from '../../domain/import/camt053.ts'
import { parseMt940 } from '../../domain/import/mt940.ts'
import { parseOfx } from '../../domain/import/ofx.ts'
import { parseQif } from '../../domain/import/qif.ts'
import type { ParseResult } from '../../schemas/imports.ts'

const count = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000)
const day = (index: number) => String((index % 28) + 1).padStart(2, '0')
const cents = (index: number) => `${(index % 997) + 1}.${String(index % 100).padStart(2, '0')}`

const ofxSgml = () => {
  let body = ''
  for (let index = 0; index < count; index++)
    body += `<STMTTRN>\n<TRNTYPE>POS\n<DTPOSTED>202503${day(index)}000000[+1:CET]\n<DTUSER>202503${day(index)}\n<TRNAMT>-${cents(index)}\n<FITID>2025030${index}\n<NAME>Piekarnia Złoty Kłos ${index}\n<MEMO>Zakup kartą 4246 **** 1234\n</STMTTRN>\n`
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>PLN\n<BANKACCTFROM>\n<ACCTID>PL27114020040000300201355387\n</BANKACCTFROM>\n<BANKTRANLIST>\n${body}</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`
}

const ofxXml = () => {
  let body = ''
  for (let index = 0; index < count; index++)
    body += `<STMTTRN><TRNTYPE>POS</TRNTYPE><DTPOSTED>202503${day(index)}</DTPOSTED><TRNAMT>-${cents(index)}</TRNAMT><FITID>CC-${index}</FITID><PAYEE><NAME>Księgarnia &amp; Kawiarnia ${index}</NAME><CITY>Gdańsk</CITY></PAYEE><MEMO>Książki</MEMO></STMTTRN>\n`
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>PLN</CURDEF><CCACCTFROM><ACCTID>5375</ACCTID></CCACCTFROM><BANKTRANLIST>\n${body}</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n`
}

const camt = () => {
  let body = ''
  for (let index = 0; index < count; index++)
    body += `<Ntry><NtryRef>${index}</NtryRef><Amt Ccy="PLN">${cents(index)}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-03-${day(index + 2)}</Dt></BookgDt><ValDt><Dt>2025-03-${day(index)}</Dt></ValDt><AcctSvcrRef>PKO${index}</AcctSvcrRef><BkTxCd><Prtry><Cd>073</Cd><Issr>PKOBP</Issr></Prtry></BkTxCd><NtryDtls><TxDtls><Refs><TxId>TX${index}</TxId><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RltdPties><Cdtr><Nm>Sklep Żabka Kraków ul. Długa ${index}</Nm></Cdtr><CdtrAcct><Id><IBAN>PL61109010140000071219812874</IBAN></Id></CdtrAcct></RltdPties><RmtInf><Ustrd>Zakup przy użyciu karty 4246 **** 1234 transakcja ${index}</Ustrd></RmtInf></TxDtls></NtryDtls><AddtlNtryInf>PŁATNOŚĆ KARTĄ</AddtlNtryInf></Ntry>\n`
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr><Stmt><Id>1</Id><Acct><Id><IBAN>PL61109010140000071219812874</IBAN></Id><Ccy>PLN</Ccy></Acct>\n${body}</Stmt></BkToCstmrStmt></Document>\n`
}

const mt940 = () => {
  const lines = [':20:MT940', ':25:/PL61102055581111123456789012', ':28C:00042', ':60F:C250301PLN4521,37']
  for (let index = 0; index < count; index++) {
    const date = `2503${day(index)}03${day(index)}`
    lines.push(
      `:61:${date}D${cents(index).replace('.', ',')}NTRFNONREF//25030${index}`,
      ':86:073~00Płatność kartą~20Zakup przy użyciu karty 4246~21 **** 1234 Piekarnia Złoty Kł',
      `os, Kraków ${index}~30~31~32~33~38~60~63`,
    )
  }
  return `${lines.join('\r\n')}\r\n-\r\n`
}

const qif = () => {
  const lines = ['!Type:Bank']
  for (let index = 0; index < count; index++)
    lines.push(
      `D${day(index)}.03.2025`,
      `T-${cents(index).replace('.', ',')}`,
      `PSklep Żabka ${index}`,
      'MZakupy',
      '^',
    )
  return `${lines.join('\n')}\n`
}

const files: [string, () => string, (text: string) => ParseResult][] = [
  ['OFX 1 (SGML)', ofxSgml, (text) => parseOfx(text, {})],
  ['OFX 2 (XML)', ofxXml, (text) => parseOfx(text, {})],
  ['CAMT.053', camt, (text) => parseCamt053(text, {})],
  ['MT940', mt940, (text) => parseMt940(text, {})],
  ['QIF', qif, (text) => parseQif(text, {})],
]

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

export async function run(): Promise<void> {
  const table: Record<string, { MB: number; rows: number; firstMs: number; medianMs: number }> = {}
  for (const [name, build, parse] of files) {
    const text = build()
    const times: number[] = []
    let rows = 0
    for (let round = 0; round < 5; round++) {
      const started = performance.now()
      const result = parse(text)
      times.push(performance.now() - started)
      rows = result.ok ? result.rows.length : -1
    }
    table[name] = {
      MB: Number((text.length / 1e6).toFixed(1)),
      rows,
      firstMs: Math.round(times[0] ?? Number.NaN),
      medianMs: Math.round(median(times)),
    }
  }
  console.table(table)
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
