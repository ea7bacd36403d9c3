import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../components/placeholder-page';

export const Route = createFileRoute('/_default/_app/team/level_two')({
  component: () => <PlaceholderPage page="teamLevelTwo" backTo="/team/list" />,
});
