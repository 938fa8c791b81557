import type * as React from 'react';
import { EyeIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export interface ExtraRowAction<T> {
  label: string;
  onSelect: (row: T) => void;
  icon?: LucideIcon;
  qa?: string;
  destructive?: boolean;
  /** Hide this entry for some rows. */
  hidden?: (row: T) => boolean;
}

/** The per-row menu: edit, details, extra entries and delete; each shown only when given. */
export interface RowActions<T> {
  onEdit?: (row: T) => void;
  onDetails?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** Hide delete for some rows (e.g. parents that are no longer 'registered'). */
  canDelete?: (row: T) => boolean;
  extra?: ExtraRowAction<T>[];
  /** Hide the whole menu for some rows. */
  hidden?: (row: T) => boolean;
}

export function RowActionsMenu<T>({ row, actions }: { row: T; actions: RowActions<T> }) {
  const { t } = useTranslation();
  if (actions.hidden?.(row)) return null;
  const extra = (actions.extra ?? []).filter((action) => !action.hidden?.(row));
  const showDelete = actions.onDelete && (actions.canDelete?.(row) ?? true);
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    // The menu is portalled, but React events still bubble to the row: stop them here so a menu
    // click does not also open the row.
    <div onClick={stop} onKeyDown={stop} className="flex justify-end">
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" data-qa="row-actions">
            <MoreHorizontalIcon />
            <span className="sr-only">{t('common.table.openActions')}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuLabel>{t('common.actions.actions')}</DropdownMenuLabel>
          {actions.onEdit && (
            <DropdownMenuItem onSelect={() => actions.onEdit?.(row)} data-qa="row-action-edit">
              <PencilIcon />
              {t('common.actions.edit')}
            </DropdownMenuItem>
          )}
          {actions.onDetails && (
            <DropdownMenuItem onSelect={() => actions.onDetails?.(row)} data-qa="row-action-details">
              <EyeIcon />
              {t('common.actions.details')}
            </DropdownMenuItem>
          )}
          {extra.map((action) => {
            const Icon = action.icon;
            return (
              <DropdownMenuItem
                key={action.label}
                variant={action.destructive ? 'destructive' : 'default'}
                onSelect={() => action.onSelect(row)}
                data-qa={action.qa}
              >
                {Icon && <Icon />}
                {action.label}
              </DropdownMenuItem>
            );
          })}
          {showDelete && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                variant="destructive"
                onSelect={() => actions.onDelete?.(row)}
                data-qa="row-action-delete"
              >
                <Trash2Icon />
                {t('common.actions.delete')}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
