import { Navigate } from 'react-router';
import { homePathFor, useAuth } from '@/lib/auth';
import KitaListPage from './kita-list-page';

/** '/': the Kita overview; a Kita manager goes straight to their Kita's dashboard, a parent to their own page. */
export default function HomePage() {
  const { user } = useAuth();
  if (user?.role === 'Parent') return <Navigate to={homePathFor(user)} replace />;
  if (user?.role === 'KitaManager' && user.kita) return <Navigate to={`/kitas/${user.kita.kitaId}/d`} replace />;
  return <KitaListPage />;
}
