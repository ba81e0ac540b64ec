/**
 * Every local table, one line each: `export { <declaration> } from './<file>'`
 * (how to add one: notes/local-tables.md). Nothing else belongs in this file.
 */
export { watchNotices } from './watch-notices'
export { moneySnapshotRows, moneySnapshots } from './money-snapshots'
export { ledgerEntries } from './ledger-entries'
export { shelfAuditMarks, shelfAudits } from './shelf-audits'
