/**
 * Which texts only staff read (staff screens stay German and English), written once: the
 * catalogue types (types.ts) let a family language leave these out, and the translators' export and
 * import (transfer.ts) and the language tests skip them by `isStaffOnlyKey`.
 */

/** Namespaces only staff read. */
export const STAFF_NAMESPACES = ['kitas', 'categories', 'groups', 'users', 'events', 'registration', 'audit'] as const;

/**
 * A staff namespace with one part families read: the delivery failure reasons (the parent's code
 * page names why an SMS failed). Everything else in it is staff-only.
 */
export const FAMILY_PART_OF_STAFF_NAMESPACE = { delivery: 'reasons' } as const;

/**
 * Parts of the families' namespaces that only staff read: the dev mailbox, the manager's forms,
 * lists and buttons, the staff's erasure list, the stored pseudonyms and the data PDF (German/English
 * like every staff document), the priority groups editor's and the Kita form's push checks. A part is a key or a key prefix.
 */
export const STAFF_PARTS = {
  accounts: ['mailbox'],
  parents: ['list', 'form', 'deleteDescription', 'csv'],
  results: ['report', 'close', 'credits'],
  priority: ['card', 'form', 'groups', 'list', 'toast'],
  mydata: ['requests', 'deleteWithHistory', 'erasedFamily', 'erasedChild', 'pdf'],
  validation: ['priorityGroupsMax', 'priorityGroupsUnique', 'pushImmediateMinutes', 'pushPlannedMinutes'],
} as const;

/** Whether a flattened catalogue key ("results.report.title") is read by staff only. */
export function isStaffOnlyKey(key: string): boolean {
  const dot = key.indexOf('.');
  const namespace = dot < 0 ? key : key.slice(0, dot);
  const rest = dot < 0 ? '' : key.slice(dot + 1);
  const part = rest.split('.')[0]!;
  if ((STAFF_NAMESPACES as readonly string[]).includes(namespace)) return true;
  if (namespace in FAMILY_PART_OF_STAFF_NAMESPACE) {
    return part !== FAMILY_PART_OF_STAFF_NAMESPACE[namespace as keyof typeof FAMILY_PART_OF_STAFF_NAMESPACE];
  }
  const parts: readonly string[] | undefined = STAFF_PARTS[namespace as keyof typeof STAFF_PARTS];
  return parts?.includes(part) ?? false;
}
