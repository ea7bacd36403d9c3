import type { Db } from '../db/client';
import { seedContent } from '../modules/content/index';

const DAY = 86_400_000;

/** A text in each language the app speaks (docs/decisions/0024): English is the row's own column. */
interface Texts {
  en: string;
  es: string;
  zh: string;
}

/** [texts, starts in (days from now), ends in (days, or open), priority] */
const ANNOUNCEMENTS: Array<[Texts | Omit<Texts, 'zh'>, number, number | null, number]> = [
  [
    {
      en: 'Bank transfers are credited after we match your payment, usually within one business day.',
      es: 'Las transferencias bancarias se abonan cuando identificamos tu pago, normalmente en un día hábil.',
      zh: '银行转账在我们核对到您的付款后入账，通常在一个工作日内完成。',
    },
    -20,
    null,
    5,
  ],
  [
    {
      en: 'Always write your order reference in the transfer memo.',
      es: 'Escribe siempre la referencia de tu pedido en el concepto de la transferencia.',
      zh: '转账时请务必在备注中填写订单参考号。',
    },
    -20,
    null,
    4,
  ],
  [
    {
      en: 'Orchard staff will never ask for your password.',
      es: 'El equipo de Orchard nunca te pedirá tu contraseña.',
      zh: 'Orchard 工作人员绝不会向您索要密码。',
    },
    -30,
    null,
    3,
  ],
  [
    {
      en: 'Plus members: the spring workshop calendar is out.',
      es: 'Miembros Plus: ya está disponible el calendario de talleres de primavera.',
    },
    -2,
    12,
    8,
  ],
];

const PROMOTIONS: Array<{
  title: Partial<Texts> & { en: string };
  body: Partial<Texts> & { en: string };
  startsIn: number;
  endsIn: number;
  plan: 'plus' | 'family' | null;
  coupon: string | null;
  priority: number;
}> = [
  {
    title: { en: 'Plus for less this week', es: 'Plus más barato esta semana', zh: '本周 Plus 会员优惠' },
    body: {
      en: 'Join **Plus** with the code below and save on your first three months.\n\n- Priority support within 24 hours\n- In-person member events\n\nThe code works once per member. See the [plan](/plan) for everything included.',
      es: 'Hazte miembro **Plus** con el código de abajo y ahorra en tus tres primeros meses.\n\n- Soporte prioritario en menos de 24 horas\n- Eventos presenciales para miembros\n\nEl código se puede usar una vez por miembro. Consulta el [plan](/plan) para ver todo lo que incluye.',
      zh: '使用下方优惠码加入 **Plus**，前三个月更省钱。\n\n- 24 小时内优先客服支持\n- 线下会员活动\n\n每位会员限用一次。查看[会员计划](/plan)了解全部内容。',
    },
    startsIn: -3,
    endsIn: 4,
    plan: 'plus',
    coupon: 'PLUS5',
    priority: 10,
  },
  {
    title: { en: 'Bring the family', es: 'Trae a tu familia', zh: '带上家人一起来' },
    body: {
      en: 'The **Family** plan covers up to four people. Invite them with your link from [Team](/team/share) and everyone gets the member events.',
      es: 'El plan **Familia** cubre hasta cuatro personas. Invítalas con tu enlace desde [Equipo](/team/share) y todos podrán ir a los eventos para miembros.',
      zh: '**家庭**计划最多可覆盖四人。在[团队](/team/share)中用您的专属链接邀请他们，大家都能参加会员活动。',
    },
    startsIn: -10,
    endsIn: 20,
    plan: 'family',
    coupon: null,
    priority: 5,
  },
  {
    title: { en: 'Founders evening', es: 'Velada con los fundadores' },
    body: {
      en: 'An evening with the founders for members. Details follow.',
      es: 'Una velada con los fundadores para los miembros. Pronto daremos más detalles.',
    },
    startsIn: 15,
    endsIn: 30,
    plan: null,
    coupon: null,
    priority: 0,
  },
];

/** [category, title, body] */
const ARTICLES: Array<[string, Texts, Texts]> = [
  [
    'getting_started',
    { en: 'What is Orchard?', es: '¿Qué es Orchard?', zh: 'Orchard 是什么？' },
    {
      en: 'Orchard is a membership club. You top up a wallet, choose a plan for its member benefits, and can invite friends.',
      es: 'Orchard es un club de miembros. Recargas un monedero, eliges un plan por sus ventajas para miembros y puedes invitar a tus amigos.',
      zh: 'Orchard 是一个会员俱乐部。您可以为钱包充值，按会员权益选择计划，还可以邀请朋友加入。',
    },
  ],
  [
    'getting_started',
    { en: 'Is a plan an investment?', es: '¿Un plan es una forma de ahorro?', zh: '购买会员计划是为了赚钱吗？' },
    {
      en: 'No. A plan is a membership: it gives you its benefits for a set time. It pays nothing back.',
      es: 'No. Un plan es una membresía: te da sus ventajas durante un tiempo determinado. No te devuelve ningún dinero.',
      zh: '不是。会员计划就是一种会员资格：在一定期限内为您提供相应的会员权益，不会向您返还任何款项。',
    },
  ],
  [
    'wallet',
    { en: 'How do I recharge?', es: '¿Cómo recargo mi monedero?', zh: '如何充值？' },
    {
      en: 'Open **Recharge**, choose an amount and a channel, and pay with the order reference in the memo. A bank transfer is credited once an operator matches it; a card payment at once.',
      es: 'Abre **Recargar**, elige un importe y un canal de pago, y paga indicando la referencia del pedido en el concepto. Una transferencia bancaria se abona cuando un operador la identifica; un pago con tarjeta, al instante.',
      zh: '打开**充值**，选择金额和支付渠道，付款时在备注中填写订单参考号。银行转账在运营人员核对后入账；银行卡付款即时到账。',
    },
  ],
  [
    'wallet',
    { en: 'My transfer has not arrived', es: 'Mi transferencia no ha llegado', zh: '我的转账还没有到账' },
    {
      en: 'Matching a bank transfer can take a business day. If it takes longer, contact support with the order reference.',
      es: 'Identificar una transferencia bancaria puede tardar un día hábil. Si tarda más, contacta con soporte e indica la referencia del pedido.',
      zh: '核对银行转账可能需要一个工作日。如果时间更长，请携带订单参考号联系客服。',
    },
  ],
  [
    'plans',
    { en: 'How do coupons work?', es: '¿Cómo funcionan los cupones?', zh: '优惠券怎么用？' },
    {
      en: 'Enter the code when you buy a plan; the discount shows before you confirm. Some codes are for one plan or one use per member. Wallet-credit codes are redeemed on **Coupons**.',
      es: 'Introduce el código al comprar un plan; verás el descuento antes de confirmar. Algunos códigos son para un solo plan o para un solo uso por miembro. Los códigos de saldo para el monedero se canjean en **Cupones**.',
      zh: '购买会员计划时输入优惠码，确认前即可看到优惠金额。部分优惠码仅适用于某个计划，或每位会员限用一次。钱包余额类优惠码请在**优惠券**页面兑换。',
    },
  ],
  [
    'plans',
    { en: 'Can I get a refund?', es: '¿Puedo pedir un reembolso?', zh: '可以退款吗？' },
    {
      en: 'Within the refund window (7 days by default) the operator can refund a purchase: you get back what you paid and the plan ends.',
      es: 'Dentro del plazo de reembolso (7 días por defecto), el operador puede reembolsar una compra: recuperas lo que pagaste y el plan termina.',
      zh: '在退款期限内（默认 7 天），运营方可以为您办理退款：您支付的金额将全额退回，会员计划随即结束。',
    },
  ],
  [
    'team',
    { en: 'How do commissions work?', es: '¿Cómo funcionan las comisiones?', zh: '佣金是怎么计算的？' },
    {
      en: 'When someone you invited buys a plan you receive a commission on what they paid: 10 % for friends you invited, 5 % and 2 % for the next two levels. It waits a holding period before it is added to your balance.',
      es: 'Cuando alguien a quien invitaste compra un plan, recibes una comisión sobre lo que pagó: un 10 % por los amigos que invitaste y un 5 % y un 2 % por los dos niveles siguientes. Pasa un periodo de espera antes de sumarse a tu saldo.',
      zh: '当您邀请的人购买会员计划时，您将按其实付金额获得佣金：直接邀请的朋友为 10%，之后两级分别为 5% 和 2%。佣金需经过一段等待期后才会计入您的余额。',
    },
  ],
  [
    'team',
    { en: 'Why is a commission “on review”?', es: '¿Por qué una comisión está «en revisión»?', zh: '为什么佣金显示“审核中”？' },
    {
      en: 'Some commissions are checked before they are paid. You do not need to do anything; it continues once the check is done.',
      es: 'Algunas comisiones se revisan antes de pagarse. No tienes que hacer nada; el proceso sigue en cuanto termina la revisión.',
      zh: '部分佣金在发放前需要审核。您无需进行任何操作，审核完成后会自动继续处理。',
    },
  ],
  [
    'withdrawals',
    { en: 'How much does a withdrawal cost?', es: '¿Cuánto cuesta un retiro?', zh: '提现需要多少手续费？' },
    {
      en: 'The fee is a fixed part plus a percentage of the amount, shown before you confirm with your password, together with what your bank receives.',
      es: 'La comisión es una parte fija más un porcentaje del importe. La verás antes de confirmar con tu contraseña, junto con lo que recibirá tu banco.',
      zh: '手续费由固定金额加提现金额的一定比例组成。在您输入密码确认之前，会同时显示手续费和银行实际到账金额。',
    },
  ],
  [
    'withdrawals',
    { en: 'How long does a withdrawal take?', es: '¿Cuánto tarda un retiro?', zh: '提现需要多长时间？' },
    {
      en: 'The operator pays pending withdrawals by bank transfer, usually within two business days. You see the payout reference under **Withdrawal history**.',
      es: 'El operador paga los retiros pendientes por transferencia bancaria, normalmente en dos días hábiles. Verás la referencia del pago en **Historial de retiros**.',
      zh: '运营方会通过银行转账处理待提现申请，通常在两个工作日内完成。您可以在**提现记录**中查看付款参考号。',
    },
  ],
  [
    'account',
    { en: 'I forgot my password', es: 'He olvidado mi contraseña', zh: '我忘记了密码' },
    {
      en: 'Use **Forgot password?** on the sign-in page: we send a code to your email or phone. You can also sign in with a one-time link.',
      es: 'Usa **¿Has olvidado tu contraseña?** en la página de inicio de sesión: te enviaremos un código a tu correo o teléfono. También puedes entrar con un enlace de un solo uso.',
      zh: '在登录页面点击**忘记密码？**，我们会向您的邮箱或手机发送验证码。您也可以使用一次性链接登录。',
    },
  ],
  [
    'account',
    { en: 'How do I sign out other devices?', es: '¿Cómo cierro la sesión en otros dispositivos?', zh: '如何退出其他设备上的登录？' },
    {
      en: 'On **Profile**, the list of sessions lets you sign out every other device at once.',
      es: 'En **Perfil**, la lista de sesiones te permite cerrar la sesión en todos los demás dispositivos a la vez.',
      zh: '在**个人资料**页面的会话列表中，您可以一次性退出所有其他设备。',
    },
  ],
];

/** [kind, body, published (days from now)]: two versions of the terms. */
const LEGAL: Array<[string, Texts, number]> = [
  [
    'earnings',
    {
      en: 'We publish these figures because you should know, before you join, what members really earn. Most members earn nothing or less than they paid for their plans. Buy a plan for its benefits, never to earn money.\n\nQuestions about these figures: support@orchard.local.',
      es: 'Publicamos estas cifras porque antes de unirte debes saber lo que ganan de verdad los miembros. La mayoría no gana nada o gana menos de lo que pagó por sus planes. Compra un plan por sus ventajas, nunca para ganar dinero.\n\nPreguntas sobre estas cifras: support@orchard.local.',
      zh: '我们公布这些数字，是因为您在加入之前应当了解会员的实际收入。大多数会员没有收入，或收入少于购买套餐的花费。请为了套餐的权益而购买，绝不要为了赚钱而购买。\n\n关于这些数字的问题：support@orchard.local。',
    },
    -1,
  ],
  [
    'about',
    {
      en: 'Orchard is run by Orchard Club Ltd. We sell memberships with member benefits; we are not a bank or an investment service.\n\nWrite to support@orchard.local with any question.',
      es: 'Orchard está gestionado por Orchard Club Ltd. Vendemos membresías con ventajas para miembros; no somos un banco ni un servicio financiero.\n\nEscríbenos a support@orchard.local si tienes cualquier pregunta.',
      zh: 'Orchard 由 Orchard Club Ltd. 运营。我们提供带有会员权益的会员服务，不是银行，也不是金融服务机构。\n\n如有任何问题，请发送邮件至 support@orchard.local。',
    },
    -40,
  ],
  [
    'terms',
    {
      en: 'By creating an account you agree to these terms.\n\n1. A plan is a membership for a set time.\n2. Money in your wallet can be used for plans or withdrawn.',
      es: 'Al crear una cuenta aceptas estas condiciones.\n\n1. Un plan es una membresía por un tiempo determinado.\n2. El dinero de tu monedero puede usarse para planes o retirarse.',
      zh: '创建账户即表示您同意以下条款。\n\n1. 会员计划是有固定期限的会员资格。\n2. 钱包中的资金可用于购买会员计划，也可以提现。',
    },
    -40,
  ],
  [
    'terms',
    {
      en: 'By creating an account you agree to these terms.\n\n1. A plan is a membership for a set time; it pays nothing back.\n2. Money in your wallet can be used for plans or withdrawn, less the withdrawal fee.\n3. Commissions are paid on friends’ purchases after a holding period and may be reviewed.',
      es: 'Al crear una cuenta aceptas estas condiciones.\n\n1. Un plan es una membresía por un tiempo determinado; no devuelve ningún dinero.\n2. El dinero de tu monedero puede usarse para planes o retirarse, descontando la comisión de retiro.\n3. Las comisiones por las compras de tus amigos se pagan tras un periodo de espera y pueden revisarse.',
      zh: '创建账户即表示您同意以下条款。\n\n1. 会员计划是有固定期限的会员资格，不会返还任何款项。\n2. 钱包中的资金可用于购买会员计划，也可以提现，提现时需扣除手续费。\n3. 朋友购买产生的佣金在等待期结束后发放，并可能经过审核。',
    },
    -10,
  ],
  [
    'privacy',
    {
      en: 'We keep your email or phone, your name and your activity in the app to run your membership, for as long as your account exists. Ask support for a copy or for deletion.',
      es: 'Guardamos tu correo o teléfono, tu nombre y tu actividad en la aplicación para gestionar tu membresía mientras exista tu cuenta. Pide a soporte una copia o su eliminación.',
      zh: '为运营您的会员服务，我们会在您的账户存续期间保存您的邮箱或手机号、姓名以及您在应用中的活动记录。如需获取副本或删除数据，请联系客服。',
    },
    -40,
  ],
];

/** The Spanish and Chinese texts of one field, as the content tables keep them (a missing one left out). */
function translationsOf<Field extends string>(texts: Partial<Texts> & { en: string }, field: Field) {
  const translations: Partial<Record<'es' | 'zh', Record<Field, string>>> = {};
  for (const language of ['es', 'zh'] as const) {
    const text = texts[language];
    if (text) translations[language] = { [field]: text } as Record<Field, string>;
  }
  return translations;
}

/** A promotion's title and body translations, merged per language. */
function promotionTranslations(title: Partial<Texts> & { en: string }, body: Partial<Texts> & { en: string }) {
  const titles = translationsOf(title, 'title');
  const bodies = translationsOf(body, 'body_md');
  const translations: Partial<Record<'es' | 'zh', { title?: string; body_md?: string }>> = {};
  for (const language of ['es', 'zh'] as const) {
    const entry = { ...titles[language], ...bodies[language] };
    if (Object.keys(entry).length > 0) translations[language] = entry;
  }
  return translations;
}

/**
 * Demo content (SEED_DEMO), in English, Spanish and Chinese: announcements for the /home marquee,
 * two running promotions and one coming up, help articles in every topic, the support contacts,
 * and the terms (two versions), privacy notice and about page. One announcement and the coming
 * promotion have no Chinese text yet, so the console shows what is missing and an operator reading
 * in Chinese sees the marker. Written once: only when there are no help articles yet.
 */
export async function seedDemoContent(db: Db, now: Date, planIds: Map<string, string>): Promise<boolean> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return seedContent(db, {
    announcements: ANNOUNCEMENTS.map(([texts, startsIn, endsIn, priority]) => ({
      text: texts.en,
      translations: translationsOf(texts, 'text'),
      startsAt: at(startsIn),
      endsAt: endsIn === null ? null : at(endsIn),
      priority,
      active: true,
      // The one that matters to every member's safety also lands in each inbox (docs/decisions/0034).
      important: texts.en.includes('never ask for your password'),
      at: at(startsIn),
    })),
    promotions: PROMOTIONS.map((promotion) => ({
      title: promotion.title.en,
      bodyMd: promotion.body.en,
      translations: promotionTranslations(promotion.title, promotion.body),
      imageId: null,
      startsAt: at(promotion.startsIn),
      endsAt: at(promotion.endsIn),
      planId: promotion.plan ? (planIds.get(promotion.plan) ?? null) : null,
      couponCode: promotion.coupon,
      priority: promotion.priority,
      active: true,
      at: at(promotion.startsIn - 1),
    })),
    articles: ARTICLES.map(([category, title, body], index) => ({
      category,
      title: title.en,
      bodyMd: body.en,
      translations: { es: { title: title.es, body_md: body.es }, zh: { title: title.zh, body_md: body.zh } },
      sortOrder: index,
      published: true,
      at: at(-40),
    })),
    support: { email: 'support@orchard.local', phone: '+1 555 0100', hours: 'Mon–Fri, 9:00–17:00', at: at(-40) },
    legal: LEGAL.map(([kind, body, days]) => ({
      kind,
      bodyMd: body.en,
      translations: { es: { body_md: body.es }, zh: { body_md: body.zh } },
      at: at(days),
    })),
  });
}
