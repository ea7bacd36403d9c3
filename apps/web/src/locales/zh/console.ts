import type { Catalogue } from '../../lib/i18n';
import type { ConsoleMessages } from '../../components/ui/console';

export const console: Catalogue<ConsoleMessages> = {
  table: {
    loading: '加载中…',
    loadFailed: '无法加载此列表。',
    retry: '重试',
    loadMore: '加载更多',
    previous: '上一页',
    next: '下一页',
    pages: '分页',
    range: '{{from}}–{{to}}，共{{total}}条',
    shown_one: '已显示{{count}}条',
    shown_other: '已显示{{count}}条',
    sortBy: '按{{column}}排序',
  },
  frame: { menu: '菜单', close: '关闭菜单' },
};
