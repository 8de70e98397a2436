/** Page helpers shared by journeys: the select rows' popups, the date wheels, uploads settling, the focus. */
import type { Locator, Page } from 'playwright-core';

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

/**
 * Waits until every upload on the page has finished (no file tile or card photo uploading or being read). Next is
 * never disabled now (issue 26): tapped during an upload it would mark the file field instead of waiting for it.
 */
export async function uploadsSettled(page: Page, timeout = 30_000): Promise<void> {
  // data-state: the uploader's UPLOAD_STATE (1 uploading, 3 being read)
  const busy = ['.esop-upload [data-state="1"]', '.esop-upload [data-state="3"]', '.esop-card[data-state="1"]', '.esop-card[data-state="3"]'].join(', ');
  await page.waitForFunction((selector) => !document.querySelector(selector), busy, { timeout });
}

/** Waits until the element has the focus (a tapped Next's mark moves it to the first thing to fix). */
export async function expectFocused(locator: Locator, what: string, timeout = 5_000): Promise<void> {
  const el = await locator.elementHandle({ timeout });
  if (!el) throw new Error(`${what}: not on the page`);
  try {
    await locator.page().waitForFunction((node) => document.activeElement === node, el, { timeout });
  } catch {
    throw new Error(`${what}: not focused`);
  }
}
