import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Parent } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { mockServer, on, type MockServer } from '../../../../test/http';
import { renderWithApp } from '../../../../test/render';
import { ChildFormDialog } from './child-form-dialog';

/**
 * The child form's parent chooser: an existing parent of the Kita, found by a search over name and
 * e-mail, or a new parent entered in place. Switching to a new parent clears the chosen one, and
 * the save sends the new parent instead. The server is answered at the fetch boundary.
 */
const KITA = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const GROUP = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const CHILD = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const ANNA = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const BERND = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';

const parent = (parentId: string, name: string, email: string): Parent => ({
  parentId, name, email, secondaryEmail: null, primaryPhoneNumber: null, secondaryPhoneNumber: null,
  kitaId: KITA, kitaName: 'Kita Sonnenschein', location: 'Berlin', preferredCommunication: 'email', isAnonymous: false,
  language: 'de', credits: 0, isActive: true, status: 'approved', accountStatus: 'active',
  user: { isEmailVerified: true, isEmailSecondaryVerified: false, isPrimaryPhoneVerified: false, isSecondaryPhoneVerified: false },
  createdAt: '2025-01-01T00:00:00.000Z', hasHistory: false,
});

let server: MockServer | undefined;
afterEach(() => server?.restore());

function serve() {
  server = mockServer(
    on(apiRoutes.groups.listOfKita, () => ({ data: [{ groupId: GROUP, groupName: 'Igel', categoryId: 'c', categoryName: 'Kindergarten' as const, kitaId: KITA }] })),
    on(apiRoutes.parents.listOfKita, () => ({ data: [parent(ANNA, 'Anna Schmidt', 'anna@familie.example'), parent(BERND, 'Bernd Weber', 'bernd@familie.example')] })),
    on(apiRoutes.children.update, (request) => ({
      data: {
        childId: CHILD, childName: 'Ella', dateOfBirth: '2021-06-01', parentId: 'n-1', groupId: GROUP, kitaId: KITA,
        parent: { parentId: 'n-1', name: String((request.body as { newParent?: { name?: string } }).newParent?.name), primaryPhoneNumber: null, secondaryPhoneNumber: null },
        group: { groupId: GROUP, groupName: 'Igel' }, categoryName: 'Kindergarten' as const,
      },
    })),
  );
  return server;
}

/** The parents the chooser offers: the options of the select's native twin (Radix renders one for forms). */
function offeredParents(): string[] {
  const field = screen.getByRole('group', { name: 'Elternteil' });
  return Array.from(field.querySelectorAll('select option')).map((o) => o.textContent ?? '').filter(Boolean);
}

describe('ChildFormDialog parent chooser', () => {
  it("narrows the Kita's parents by name or e-mail and says when none matches", async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<ChildFormDialog open onOpenChange={vi.fn()} kitaId={KITA} />);
    await waitFor(() => expect(offeredParents()).toEqual(['Anna Schmidt (anna@familie.example)', 'Bernd Weber (bernd@familie.example)']));

    const search = screen.getByLabelText('Elternteil suchen');
    await user.type(search, 'bernd@');
    await waitFor(() => expect(offeredParents()).toEqual(['Bernd Weber (bernd@familie.example)']));
    await user.clear(search);
    await user.type(search, 'Zora');
    await waitFor(() => expect(offeredParents()).toEqual([]));
    expect(screen.getByText('Kein Elternteil gefunden')).toBeTruthy();
  });

  it('switching to a new parent clears the chosen one and saves the new parent instead', async () => {
    const server = serve();
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const child = { childId: CHILD, childName: 'Ella', dateOfBirth: '2021-06-01', groupId: GROUP, parentId: ANNA };
    renderWithApp(<ChildFormDialog open onOpenChange={onOpenChange} kitaId={KITA} child={child} />);
    await waitFor(() => expect(offeredParents()).toContain('Anna Schmidt (anna@familie.example)'));

    await user.click(screen.getByRole('radio', { name: 'Neues Elternteil' }));
    const fields = await screen.findByTestId('child-new-parent');
    expect(screen.queryByLabelText('Elternteil suchen')).toBeNull();
    await user.type(within(fields).getByLabelText('Name'), 'Nora Neu');
    await user.type(within(fields).getByLabelText('E-Mail'), 'nora@familie.example');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [sent] = server.of(apiRoutes.children.update);
    expect(sent?.params).toEqual({ id: CHILD });
    expect(sent?.body).toMatchObject({
      childName: 'Ella',
      groupId: GROUP,
      parentId: null,
      newParent: { name: 'Nora Neu', email: 'nora@familie.example', kitaId: KITA, preferredCommunication: 'email' },
    });
    expect(server.unhandled).toEqual([]);
  });
});
