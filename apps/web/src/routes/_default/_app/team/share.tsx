import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../components/placeholder-page';

export const Route = createFileRoute('/_default/_app/team/share')({
  // The QR code must scan reliably, so this page is always light (ORIGIN.md O-T2).
  staticData: { forceTheme: 'light' },
  component: () => <PlaceholderPage page="teamShare" backTo="/team/list" />,
});
