import type { Catalogue } from '../../lib/i18n';
import type { UiMessages } from '../../components/ui/messages';

export const ui: Catalogue<UiMessages> = {
  form: {
    genericError: '出错了，请重试。',
  },
  countdown: {
    units: { days: '天', hours: '时', minutes: '分', seconds: '秒' },
    days_one: '{{count}}天',
    days_other: '{{count}}天',
  },
  notice: {
    newVersion: '有新版本可用',
    reload: '重新加载',
    stillTrying: '连接已中断，正在重试——操作只会执行一次。',
  },
  copy: {
    copy: '复制',
    label: '复制{{label}}',
    copied: '{{label}}已复制',
    failed: '无法复制，请选中文字后手动复制。',
  },
  day: { today: '今天', yesterday: '昨天' },
  list: { loadMore: '加载更多', loading: '加载中…', end: '已全部加载。' },
  filter: { search: '搜索', clear: '清除' },
};
