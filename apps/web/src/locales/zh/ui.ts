import type { Catalogue } from '../../lib/i18n';
import type { UiMessages } from '../../components/ui/messages';

export const ui: Catalogue<UiMessages> = {
  form: {
    genericError: '出错了，请重试。',
  },
  countdown: { days_one: '{{count}}天', days_other: '{{count}}天' },
  day: { today: '今天', yesterday: '昨天' },
  list: { loadMore: '加载更多', loading: '加载中…', end: '已全部加载。' },
  filter: { search: '搜索', clear: '清除' },
};
