import { createFileRoute } from '@tanstack/react-router';
import { AuthPlaceholder } from '../../components/auth-placeholder';

export const Route = createFileRoute('/_auth/auto_way')({
  component: () => <AuthPlaceholder page="autoWay" />,
});
