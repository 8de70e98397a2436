/** Page helpers shared by journeys: the select rows' popups and the date wheels. */
import type { Page } from 'playwright-core';

/** Opens a select row and picks an entry of its popup (searching first when the popup has a search box). */
export async function pick(page: Page, field: RegExp, dialog: string | RegExp, entry: string, search?: string): Promise<void> {
  await page.getByRole('button', { name: field }).click();
  const popup = page.getByRole('dialog', { name: dialog });
  await popup.waitFor();
  if (search) await popup.getByRole('searchbox').fill(search);
  await popup.getByRole('button', { name: entry, exact: true }).first().click();
  await popup.waitFor({ state: 'hidden' });
}

/** Picks a date on the date field's wheels. */
export async function pickDate(page: Page, field: RegExp, year: string, month: string, day: string): Promise<void> {
  await page.getByRole('button', { name: field }).click();
  const popup = page.getByRole('dialog').last();
  for (const [wheel, value] of [['Year', year], ['Month', month], ['Day', day]] as const) {
    // the wheels show a few entries around the chosen one: the entry is tapped where it is in the list
    await popup.getByRole('listbox', { name: wheel }).getByRole('option', { name: value, exact: true }).dispatchEvent('click');
    await page.waitForTimeout(250);
  }
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitFor({ state: 'hidden' });
}
