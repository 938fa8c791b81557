import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventSummary } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { mockServer, on, type MockServer } from '../../../../test/http';
import { renderWithApp } from '../../../../test/render';
import { EventFormDialog } from './event-form-dialog';

/**
 * The event form's overlap branch: when the server refuses a second running inquiry of the
 * category with overlapping care days (EVENT_OVERLAP), the form shows the server's sentence in a
 * question; confirming sends the same inquiry again with confirmOverlap, cancelling sends nothing.
 */
const KITA = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const CATEGORY = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';
const EVENT = '9b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const DAY = 86_400_000;
// A scheduled inquiry a few days ahead of the real clock (the form refuses days in the past).
const at = (days: number) => new Date(Math.ceil(Date.now() / DAY) * DAY + days * DAY + 6 * 3_600_000).toISOString();
const event: EventSummary = {
  eventId: EVENT,
  kitaId: KITA,
  kitaName: 'Kita Sonnenschein',
  eventType: 'future',
  eventDate: at(3),
  expireDate: at(4),
  responseDeadline: at(2),
  opensAt: at(1),
  categoryId: CATEGORY,
  category: 'Kindergarten',
  description: 'Streik',
  totalSlotsKindergarten: 5,
  totalSlotsKrippe: null,
  totalSlots: 5,
  isFinished: false,
  status: 'scheduled',
  timezone: 'Europe/Berlin',
};
const OVERLAP = 'Für Kindergarten läuft schon die Abfrage „Warnstreik“ mit überlappenden Betreuungstagen.';

let server: MockServer | undefined;
afterEach(() => server?.restore());

function serve() {
  let updates = 0;
  server = mockServer(
    on(apiRoutes.categories.listOfKita, () => ({
      data: { kitaId: KITA, kitaName: 'Kita Sonnenschein', timezone: 'Europe/Berlin', categories: [{ categoryId: CATEGORY, categoryName: 'Kindergarten' as const, kitaId: KITA, groups: [] }] },
    })),
    // The form shows what the inquiry's SMS would cost (here: every family by e-mail).
    on(apiRoutes.events.smsEstimate, () => ({ data: { families: 2, emailFamilies: 2, smsFamilies: 0, segments: 0, byLanguage: [] } })),
    on(apiRoutes.events.update, () =>
      ++updates === 1 ? { status: 409, error: { code: 'EVENT_OVERLAP', message: OVERLAP } } : { data: { ...event, description: 'Streik' } },
    ),
  );
  return server;
}

async function submitEdit() {
  const user = userEvent.setup();
  const onSaved = vi.fn();
  const onOpenChange = vi.fn();
  renderWithApp(<EventFormDialog open onOpenChange={onOpenChange} kitaId="k-1" event={event} onSaved={onSaved} />);
  const save = await screen.findByRole('button', { name: 'Speichern' });
  await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
  await user.click(save);
  const question = await screen.findByRole('alertdialog');
  return { user, question, onSaved, onOpenChange };
}

describe('EventFormDialog overlap confirmation', () => {
  it("asks with the server's sentence, then sends the inquiry again with confirmOverlap", async () => {
    const server = serve();
    const { user, question, onSaved, onOpenChange } = await submitEdit();
    expect(within(question).getByText(OVERLAP)).toBeTruthy();
    const [first] = server.of(apiRoutes.events.update);
    expect(first?.params).toEqual({ id: EVENT });
    expect(first?.body).not.toHaveProperty('confirmOverlap');
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(within(question).getByRole('button', { name: 'Trotzdem anlegen' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [, second] = server.of(apiRoutes.events.update);
    expect(second?.body).toEqual({ ...(first?.body as object), confirmOverlap: true });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await screen.findByText('Die Bedarfsabfrage wurde aktualisiert.')).toBeTruthy();
    expect(server.unhandled).toEqual([]);
  });

  it('sends nothing more when the manager cancels, and keeps the form open', async () => {
    const server = serve();
    const { user, question, onSaved, onOpenChange } = await submitEdit();
    await user.click(within(question).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.of(apiRoutes.events.update)).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
