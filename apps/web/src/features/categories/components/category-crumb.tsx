import { useTranslation } from 'react-i18next';
import { useCategory } from '../queries';

/** Breadcrumb label of c/{categoryId}: Kindergarten or Krippe once loaded. */
export function CategoryCrumb({ categoryId }: { categoryId: string | undefined }) {
  const { t } = useTranslation();
  const category = useCategory(categoryId);
  return <>{category.data ? t(`categories.names.${category.data.categoryName}`) : t('categories.form.categoryName')}</>;
}
