import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Kita } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { mockServer, on, type MockServer } from '../../../../test/http';
import { renderWithApp } from '../../../../test/render';
import { KitaFormDialog } from './kita-form-dialog';

/**
 * The Kita form's push settings: push first or push as an extra, and the two escalation times,
 * checked as whole numbers in their range before anything is sent, and sent as numbers.
 */
const kita: Kita = {
  kitaId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  kitaName: 'Kita Sonnenschein',
  location: 'Berlin',
  description: null,
  timezone: 'Europe/Berlin',
  remindersEnabled: true,
  pushMode: 'first',
  pushEscalationImmediateMinutes: 3,
  pushEscalationPlannedMinutes: 120,
};

let server: MockServer | undefined;
afterEach(() => server?.restore());

describe('KitaFormDialog push settings', () => {
  it('refuses minutes out of range with the German text and sends the valid ones as numbers', async () => {
    server = mockServer(on(apiRoutes.kitas.update, () => ({ data: { ...kita, pushEscalationImmediateMinutes: 5, pushEscalationPlannedMinutes: 90 } })));
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithApp(<KitaFormDialog open onOpenChange={onOpenChange} kita={kita} />);
    const immediate = await screen.findByLabelText('Wartezeit bei Sofortabfragen (Minuten)');
    const planned = screen.getByLabelText('Höchste Wartezeit bei geplanten Abfragen (Minuten)');
    expect((immediate as HTMLInputElement).value).toBe('3');
    expect((planned as HTMLInputElement).value).toBe('120');

    await user.clear(immediate);
    await user.type(immediate, '61');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte eine ganze Zahl von 1 bis 60 eingeben')).toBeTruthy();
    expect(server.of(apiRoutes.kitas.update)).toHaveLength(0);

    await user.clear(immediate);
    await user.type(immediate, '5');
    await user.clear(planned);
    await user.type(planned, '90');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server!.of(apiRoutes.kitas.update)).toHaveLength(1));
    expect(server.of(apiRoutes.kitas.update)[0]?.body).toMatchObject({ pushMode: 'first', pushEscalationImmediateMinutes: 5, pushEscalationPlannedMinutes: 90 });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
