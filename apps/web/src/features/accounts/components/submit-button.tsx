import { Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function SubmitButton({ pending, label, pendingLabel, qa }: { pending: boolean; label: string; pendingLabel: string; qa: string }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} data-qa={qa}>
      {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </Button>
  );
}
