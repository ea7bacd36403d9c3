import type { Catalogue } from '../../lib/i18n';
import type { AdminDashboardMessages } from '../../features/admin-dashboard/messages';

export const adminDashboard: Catalogue<AdminDashboardMessages> = {
  title: 'Panel',
  asOf: 'Cifras al {{time}}',
  queues: 'En espera ahora',
  queueNames: {
    recharges: 'Recargas por revisar',
    withdrawals: 'Retiros por pagar',
    referralReviews: 'Revisión de referidos',
    failedReleases: 'Liberaciones de comisión fallidas',
  },
  open: 'Abrir',
  periods: { today: 'Hoy (UTC)', last7Days: 'Últimos 7 días', last30Days: 'Últimos 30 días' },
  metrics: {
    members: 'Miembros nuevos',
    deposits: 'Depósitos',
    purchases: 'Compras de planes',
    refunds: 'Reembolsos',
    commissions_earned: 'Comisiones generadas',
    commissions_released: 'Comisiones liberadas',
    payouts: 'Pagos de retiros',
  },
  count_one: '{{count}} vez',
  count_other: '{{count}} veces',
  day: 'Día',
  chartMoney: 'Dinero por día, últimos 30 días',
  chartMembers: 'Miembros nuevos por día, últimos 30 días',
  tableCaption: 'Totales por periodo',
  failed: 'No se pudo cargar el panel.',
};
