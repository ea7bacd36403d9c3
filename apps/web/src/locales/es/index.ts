import 'dayjs/locale/es';
import { es as texts } from '@orchard/shared/i18n/es';
import { compileTexts, translateWith } from '@orchard/shared/i18n/texts';
import type { LanguageBundle } from '../bundle';
import { accounts } from './accounts';
import { common } from './common';
import { content } from './content';
import { earnings } from './earnings';
import { errors } from './errors';
import { notifications } from './notifications';
import { plans } from './plans';
import { signIn } from './signIn';
import { support } from './support';
import { team } from './team';
import { ui } from './ui';
import { wallet } from './wallet';

const compiled = compileTexts(texts);

const bundle: LanguageBundle = {
  dayjs: 'es',
  translateText: (english) => translateWith(compiled, english),
  common,
  errors,
  ui,
  accounts,
  signIn,
  content,
  earnings,
  team,
  wallet,
  plans,
  notifications,
  support,
};

export default bundle;
