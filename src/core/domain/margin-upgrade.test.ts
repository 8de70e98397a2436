import { checkMarginRequest, marginAgreements, marginBoxIssues, marginUpgradeBlock } from './margin-upgrade';

describe('margin upgrade', () => {
  it.each([
    ['a cash account, 40', { acctType: 1, age: 40, pending: false }, null],
    ['a cash account, age unknown (brought over)', { acctType: 1, age: undefined, pending: false }, null],
    ['a cash account, 75', { acctType: 1, age: 75, pending: false }, null],
    ['a cash account, 76', { acctType: 1, age: 76, pending: false }, 'age'],
    ['a margin account', { acctType: 2, age: 40, pending: false }, 'margin'],
    ['a request under review', { acctType: 1, age: 40, pending: true }, 'pending'],
  ])('who may ask: %s', (_n, o, block) => {
    expect(marginUpgradeBlock(o)).toBe(block);
  });

  it.each([
    [64, ['marginStandingAuthority']],
    [65, ['marginStandingAuthority', 'specialClientDisclosure']],
    [75, ['marginStandingAuthority', 'specialClientDisclosure']],
    [undefined, ['marginStandingAuthority']],
  ])('the agreements at age %s', (age, list) => {
    expect(marginAgreements(age)).toEqual(list);
  });

  const all = ['lossBeyondDeposit', 'marginCall', 'interest'];
  it.each([
    ['complete', { agreements: ['marginStandingAuthority'], acknowledgements: all }, 40, null],
    ['in another order', { agreements: ['marginStandingAuthority'], acknowledgements: [...all].reverse() }, 40, null],
    ['a statement missing', { agreements: ['marginStandingAuthority'], acknowledgements: all.slice(1) }, 40, 'acknowledgements'],
    ['a statement twice', { agreements: ['marginStandingAuthority'], acknowledgements: [...all.slice(1), 'interest'] }, 40, 'acknowledgements'],
    ['the senior disclosure missing at 70', { agreements: ['marginStandingAuthority'], acknowledgements: all }, 70, 'agreements'],
    ['an agreement not asked for', { agreements: ['marginStandingAuthority', 'clientAgreement'], acknowledgements: all }, 40, 'agreements'],
  ])('a request: %s', (_n, req, age, result) => {
    expect(checkMarginRequest(req, age)).toBe(result);
  });
});

describe('marginBoxIssues', () => {
  const all = { lossBeyondDeposit: true, marginCall: true, interest: true, agreements: true };
  it('is empty when every box is ticked, and names each unticked box in the page order', () => {
    expect(marginBoxIssues(all)).toEqual([]);
    expect(marginBoxIssues({ ...all, marginCall: false, agreements: false })).toEqual([
      { field: 'marginCall', rule: 'mustTick' },
      { field: 'agreements', rule: 'mustTick' },
    ]);
  });
});
