import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../components/layouts/default-layout';

/** docs/product.md R3 `default` layout: public pages and, below `_app`, the signed-in ones. */
export const Route = createFileRoute('/_default')({
  component: DefaultLayout,
});
