import { Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The full-width submit button of the login and account cards, with a busy label while pending. */
export function SubmitButton({ pending, label, pendingLabel, qa }: { pending: boolean; label: string; pendingLabel: string; qa: string }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} data-qa={qa}>
      {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </Button>
  );
}
