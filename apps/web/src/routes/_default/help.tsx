import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/content/help-pages';

export const Route = createFileRoute('/_default/help')({
  component: HelpPage,
});
