import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@kita/shared/api/routes';
import { mockServer, on, type MockServer } from '../../../../test/http';
import { renderWithApp } from '../../../../test/render';
import { ReleaseSlotButton } from './release-slot-button';

/**
 * The release button asks first (a released place goes at once to the next family), sends the
 * release only after the confirmation, tells staff which child moved up, and says why a refused
 * release failed. The server is answered at the fetch boundary.
 */
const request = { eventId: 'e-1', childId: 'c-1', preferenceId: 'p-1', parentId: 'f-1' };
let server: MockServer | undefined;
afterEach(() => server?.restore());

describe('ReleaseSlotButton', () => {
  it('sends nothing until the release is confirmed, then names the child that moved up (staff)', async () => {
    server = mockServer(
      on(apiRoutes.results.releaseSlot, () => ({ data: { eventId: 'e-1', childId: 'c-1', hasSlot: 'NEIN' as const, promoted: { childId: 'c-9', childName: 'Mira', parentId: 'f-9' } } })),
    );
    const user = userEvent.setup();
    renderWithApp(<ReleaseSlotButton request={request} childName="Ella" showPromoted />);

    await user.click(screen.getByRole('button', { name: 'Platz freigeben: Ella' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Der Platz von Ella geht sofort/)).toBeTruthy();
    expect(server.requests).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Platz freigeben' }));
    expect(await screen.findByText('Platz freigegeben – Mira rückt von der Warteliste nach.')).toBeTruthy();
    const [sent] = server.of(apiRoutes.results.releaseSlot);
    expect(sent?.params).toEqual({ id: 'e-1' });
    expect(sent?.body).toEqual({ childId: 'c-1', preferenceId: 'p-1', parentId: 'f-1' });
    expect(server.unhandled).toEqual([]);
  });

  it('sends nothing when the question is cancelled', async () => {
    server = mockServer(on(apiRoutes.results.releaseSlot, () => ({ data: { eventId: 'e-1', childId: 'c-1', hasSlot: 'NEIN' as const, promoted: null } })));
    const user = userEvent.setup();
    renderWithApp(<ReleaseSlotButton request={request} childName="Ella" />);

    await user.click(screen.getByRole('button', { name: 'Platz freigeben: Ella' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests).toEqual([]);
  });

  it("shows the server's reason when the release is refused", async () => {
    server = mockServer(
      on(apiRoutes.results.releaseSlot, () => ({ status: 409, error: { code: 'RELEASE_NO_SLOT', message: 'Das Kind hat keinen Platz (mehr).' } })),
    );
    const user = userEvent.setup();
    renderWithApp(<ReleaseSlotButton request={request} childName="Ella" />);

    await user.click(screen.getByRole('button', { name: 'Platz freigeben: Ella' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Platz freigeben' }));
    expect(await screen.findByText('Platz konnte nicht freigegeben werden')).toBeTruthy();
    expect(await screen.findByText('Das Kind hat keinen Platz (mehr).')).toBeTruthy();
  });
});
