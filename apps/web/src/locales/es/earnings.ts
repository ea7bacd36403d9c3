import type { Catalogue } from '../../lib/i18n';
import type { EarningsMessages } from '../../features/content/earnings-messages';

export const earnings: Catalogue<EarningsMessages> = {
  title: 'Lo que ganan los miembros',
  lead: 'Cifras calculadas cada día a partir de nuestros libros, para todos los miembros, también los que no ganaron nada. Los planes son membresías: la mayoría de los miembros gana poco o nada en comisiones, y nadie debería unirse esperando un ingreso.',
  computed: 'Calculado el {{date}} a partir del libro contable. Importes en {{currency}}.',
  lastYear: 'Últimos 12 meses',
  allTime: 'Desde el inicio',
  period: 'Periodo',
  members: 'Miembros',
  earners: 'Ganaron alguna comisión',
  earnersShare: '{{share}} de los miembros',
  belowZero: 'Gastaron en planes más de lo que ganaron',
  aboveZero: 'Ganaron más de lo que gastaron en planes',
  spentTotal: 'Gastado en planes (todos los miembros)',
  earnedTotal: 'Comisiones ganadas (todos los miembros)',
  earnedTitle: 'Comisiones ganadas por miembro',
  netTitle: 'Comisiones ganadas menos lo gastado en planes, por miembro',
  group: 'Grupo',
  everyone: 'Todos los miembros',
  onlyEarners: 'Miembros que ganaron algo',
  median: 'Mediana',
  mean: 'Promedio',
  p90: 'Percentil 90',
  p99: 'Percentil 99',
  levelsTitle: 'Por nivel del equipo',
  level: 'Nivel {{level}}',
  levelEarners: 'Miembros pagados',
  levelTotal: 'Total',
  levelMedian: 'Mediana por miembro',
  waiting:
    '{{total}} en comisiones para {{members}} miembros seguía en su periodo de espera o en revisión y no cuenta como ganado hasta que se libere.',
  chartTitle: 'Dónde terminaron los miembros: ganado menos gastado',
  chartBelow: 'Bajo cero',
  chartZero: 'Cero',
  chartAbove: 'Sobre cero',
  chartLabel: '{{below}} miembros bajo cero, {{zero}} en cero, {{above}} sobre cero',
  methodTitle: 'Cómo se obtienen estas cifras',
  method: {
    counted:
      'Se cuenta cada cuenta de miembro que existió en el periodo, haya comprado un plan o ganado algo o no. No se cuentan las cuentas del personal ni del operador.',
    earned:
      'Una comisión cuenta como ganada cuando se liberó al miembro en el periodo y no se ha retirado después. Las comisiones aún en periodo de espera o en revisión se muestran aparte y no cuentan; las anuladas o revertidas por un reembolso nunca cuentan.',
    spent:
      'Lo gastado en planes es lo que los miembros pagaron por planes comprados en el periodo y no reembolsados. El neto es lo ganado menos lo gastado, por miembro. Las recargas, los retiros y los cupones no forman parte de ninguno de los dos.',
    percentiles:
      'La mediana es el miembro del medio; los percentiles 90 y 99 son los importes en o por debajo de los cuales está el 90 % y el 99 % del grupo (el valor de rango más cercano). Los promedios se redondean al céntimo más cercano.',
    published:
      'El sistema calcula las cifras una vez al día y las publica sin cambios; el operador puede editar los textos de esta página, pero no las cifras.',
  },
  operatorTitle: 'Del operador',
  notYet: 'Las primeras cifras se calculan dentro del primer día. Vuelve mañana, por favor.',
  failed: 'No pudimos cargar las cifras.',
  notInvestment: 'Los planes son membresías con beneficios por un tiempo determinado. Nada de esta página es una promesa de ingresos.',
};
