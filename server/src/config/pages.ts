/** The product's page settings' defaults. */

/** Example receiving accounts (fictional: a deployment sets its own with DEPOSIT_ACCOUNTS). */
export const DEFAULT_DEPOSIT_ACCOUNTS = JSON.stringify([
  { currency: 'HKD', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-001', swift: 'EXAMHKHH' },
  { currency: 'USD', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-002', swift: 'EXAMHKHH' },
  { currency: 'CNH', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-003', swift: 'EXAMHKHH' },
]);
