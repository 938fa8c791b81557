import * as React from 'react';
import { CheckIcon, Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ParentEvent, PreferenceType } from '@kita/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type Child = ParentEvent['children'][number];

/** Traffic-light buttons; text colours keep at least 4.5:1 contrast. */
const COLOURS: Record<PreferenceType, string> = {
  red: 'bg-red-600 text-white',
  yellow: 'bg-yellow-300 text-stone-900',
  green: 'bg-green-700 text-white',
  blue: 'bg-blue-700 text-white',
};

/**
 * One child's traffic-light choice: big full-width buttons for a thumb;
 * an unset child shows green as the preselected default; a tap saves at once and the summary
 * with a change button replaces the choice.
 */
export function ChildChoice({
  child,
  options,
  onChoose,
  saving,
}: {
  child: Child;
  options: PreferenceType[];
  onChoose: (type: PreferenceType) => Promise<boolean>;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = React.useState(child.preferenceType === null);
  const [pending, setPending] = React.useState<PreferenceType | null>(null);
  const current = child.preferenceType ?? 'green';
  const headingId = `child-${child.childId}`;

  const choose = async (type: PreferenceType) => {
    setPending(type);
    const ok = await onChoose(type);
    setPending(null);
    if (ok) setEditing(false);
  };

  return (
    <li className="bg-card rounded-xl border p-4 shadow-xs" aria-labelledby={headingId} data-qa="preference-child">
      <h3 id={headingId} className="text-lg font-semibold" data-qa="preference-child-name">
        {child.childName}
      </h3>
      <p className="text-muted-foreground text-sm">
        {child.categoryName} · {child.groupName}
      </p>
      {!editing && child.preferenceType ? (
        <div className="mt-3 flex flex-col gap-3" data-qa="preference-summary">
          <p className="text-sm">{t('preference.yourChoice')}</p>
          <div className={cn('flex items-center gap-3 rounded-lg px-4 py-3', COLOURS[child.preferenceType])} data-qa={`preference-chosen-${child.preferenceType}`}>
            <CheckIcon className="size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">{t(`preference.options.${child.preferenceType}.label`)}</p>
              <p className="text-sm">{t(`preference.options.${child.preferenceType}.text`)}</p>
            </div>
          </div>
          <Button variant="outline" className="h-12 w-full text-base" onClick={() => setEditing(true)} data-qa="preference-change">
            {t('preference.change')}
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-2" role="group" aria-label={t('preference.choose')}>
          {options.map((type) => {
            const selected = current === type;
            return (
              <button
                key={type}
                type="button"
                disabled={saving}
                aria-pressed={selected}
                onClick={() => void choose(type)}
                className={cn(
                  'flex min-h-14 w-full items-center gap-3 rounded-lg px-4 py-2 text-left outline-none transition-shadow focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-70',
                  COLOURS[type],
                  selected && 'ring-foreground ring-2 ring-offset-2',
                )}
                data-qa={`preference-option-${type}`}
              >
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-current" aria-hidden="true">
                  {pending === type ? <Loader2Icon className="size-4 animate-spin" /> : selected && <span className="size-3 rounded-full bg-current" />}
                </span>
                <span>
                  <span className="block font-semibold">{t(`preference.options.${type}.label`)}</span>
                  <span className="block text-sm">{t(`preference.options.${type}.text`)}</span>
                </span>
              </button>
            );
          })}
        </div>
      )}
    </li>
  );
}
