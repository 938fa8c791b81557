import { NotFound } from '@/components/states';
import { homePathFor, useAuth } from '@/lib/auth';

/**
 * Any path no route matches. It sits inside the app shell, so a logged-in user keeps the
 * navigation; an anonymous visitor is asked to log in first (the shell's guard).
 */
export default function NotFoundPage() {
  const { user } = useAuth();
  return <NotFound asPage className="flex-1" homeTo={homePathFor(user)} />;
}
