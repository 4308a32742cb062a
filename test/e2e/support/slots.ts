import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import type { AvailabilityAnswer } from '@relining/contracts/availability';

/** A free slot as GET /api/availability answers it: the booking's `preferred_date` and `preferred_time`. */
export interface FreeSlot {
  date: string;
  time: string;
}

/** The first free slot of a suburb's region (issue 16: closed days, holidays and full slots cannot be booked). */
export async function firstFreeSlot(request: APIRequestContext, suburb: string): Promise<FreeSlot> {
  const response = await request.get(`/api/availability?suburb=${encodeURIComponent(suburb)}&days=28`);
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as AvailabilityAnswer;
  for (const day of answer.days) {
    const slot = day.open ? day.slots.find((item) => item.available) : undefined;
    if (slot) return { date: day.date, time: slot.time };
  }
  throw new Error(`No free slot in 28 days for ${suburb}`);
}

/**
 * In a booking form whose suburb is chosen: the first open day with a free time, and its first free
 * time. Answers what was chosen, with the time as the list shows it ('9:00 AM AEST').
 */
export async function chooseFreeSlot(scope: Locator, prefix: string): Promise<FreeSlot & { shown: string }> {
  const date = scope.locator(`#${prefix}-preferred_date`);
  const time = scope.locator(`#${prefix}-preferred_time`);
  await expect(date).toBeEnabled();
  const days = await date
    .locator('option')
    .evaluateAll((options) => options.map((option) => ({ value: option.getAttribute('value') ?? '', text: option.textContent ?? '' })));
  const day = days.find((option) => option.value && !option.text.includes('no times left'));
  expect(day, 'an open day with a free time').toBeDefined();
  await date.selectOption(day!.value);
  await expect(time).toBeEnabled();
  const first = time.locator('option:not([value=""])').first();
  const value = (await first.getAttribute('value'))!;
  const shown = (await first.textContent())!;
  await time.selectOption(value);
  return { date: day!.value, time: value, shown };
}
