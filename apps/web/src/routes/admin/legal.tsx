import { createFileRoute } from '@tanstack/react-router';
import { LegalPagesPage } from '../../features/admin-content/legal-page';

export const Route = createFileRoute('/admin/legal')({
  component: LegalPagesPage,
});
