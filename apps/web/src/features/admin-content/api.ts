import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminHelpArticle,
  AdminPromotion,
  Announcement,
  LegalKind,
  PublishLegalBody,
  SupportContacts,
  UpdateSupportContactsBody,
  UploadedImage,
  UpsertAnnouncementBody,
  UpsertHelpArticleBody,
  UpsertPromotionBody,
} from '@orchard/shared';
import type { z } from 'zod';
import type { legalVersionsSchema } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { appConfig } from '../../lib/config';

/** The console's content (operationIds in comments): announcements, promotions, help, contacts, legal pages. */
export type { AdminHelpArticle, AdminPromotion, Announcement, LegalKind, SupportContacts };
/** One published version of a legal page, with its texts in every language (listLegalVersions). */
export type LegalVersion = z.infer<typeof legalVersionsSchema>['items'][number];

const adminContentKeys = {
  all: ['admin', 'content'] as const,
  announcements: () => ['admin', 'content', 'announcements'] as const,
  promotions: () => ['admin', 'content', 'promotions'] as const,
  articles: () => ['admin', 'content', 'articles'] as const,
  contacts: () => ['admin', 'content', 'contacts'] as const,
  legal: (kind: LegalKind) => ['admin', 'content', 'legal', kind] as const,
  plans: () => ['admin', 'content', 'plans'] as const,
};

/** listAnnouncements */
export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: adminContentKeys.announcements(),
    queryFn: ({ signal }) => apiFetch<{ items: Announcement[] }>('/admin/announcements', { signal }),
  });
/** listAdminPromotions */
export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: adminContentKeys.promotions(),
    queryFn: ({ signal }) => apiFetch<{ items: AdminPromotion[] }>('/admin/promotions', { signal }),
  });
/** listAdminHelpArticles */
export const articlesQueryOptions = () =>
  queryOptions({
    queryKey: adminContentKeys.articles(),
    queryFn: ({ signal }) => apiFetch<{ items: AdminHelpArticle[] }>('/admin/help-articles', { signal }),
  });
/** getSupportContacts */
export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: adminContentKeys.contacts(),
    queryFn: ({ signal }) => apiFetch<SupportContacts>('/admin/support-contacts', { signal }),
  });
/** listLegalVersions */
export const legalVersionsQueryOptions = (kind: LegalKind) =>
  queryOptions({
    queryKey: adminContentKeys.legal(kind),
    queryFn: ({ signal }) => apiFetch<{ items: LegalVersion[] }>(`/admin/legal/${kind}`, { signal }),
  });
/** listAdminPlans, for the promotion's plan list. */
export const planChoicesQueryOptions = () =>
  queryOptions({
    queryKey: adminContentKeys.plans(),
    queryFn: ({ signal }) => apiFetch<{ items: Array<{ id: string; name: string }> }>('/admin/plans', { signal }),
    staleTime: 60_000,
  });

function useSave<Body, Result>(path: (id: string | null) => string, invalidate: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Body }) =>
      apiFetch<Result>(path(id), { method: id === null ? 'POST' : 'PUT', body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: invalidate }),
  });
}

/** createAnnouncement / updateAnnouncement */
export const useSaveAnnouncement = () =>
  useSave<UpsertAnnouncementBody, Announcement>(
    (id) => (id ? `/admin/announcements/${encodeURIComponent(id)}` : '/admin/announcements'),
    adminContentKeys.announcements(),
  );
/** createPromotion / updatePromotion */
export const useSavePromotion = () =>
  useSave<UpsertPromotionBody, AdminPromotion>(
    (id) => (id ? `/admin/promotions/${encodeURIComponent(id)}` : '/admin/promotions'),
    adminContentKeys.promotions(),
  );
/** createHelpArticle / updateHelpArticle */
export const useSaveArticle = () =>
  useSave<UpsertHelpArticleBody, AdminHelpArticle>(
    (id) => (id ? `/admin/help-articles/${encodeURIComponent(id)}` : '/admin/help-articles'),
    adminContentKeys.articles(),
  );

/** updateSupportContacts */
export function useUpdateContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSupportContactsBody) => apiFetch<SupportContacts>('/admin/support-contacts', { method: 'PUT', body }),
    onSuccess: (contacts) => queryClient.setQueryData(adminContentKeys.contacts(), contacts),
  });
}

/** publishLegalVersion */
export function usePublishLegal(kind: LegalKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishLegalBody) => apiFetch<{ version: number }>(`/admin/legal/${kind}`, { method: 'POST', body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminContentKeys.legal(kind) }),
  });
}

/** uploadContentImage: the file itself is the body, its type the Content-Type. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const response = await fetch(`${appConfig.apiBaseUrl}/admin/images`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type || 'application/octet-stream', 'x-requested-with': 'fetch' },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as
    { error?: { message?: string; fields?: Record<string, string> } } | UploadedImage | null;
  if (!response.ok) {
    const error = body && 'error' in body ? body.error : undefined;
    throw new Error(error?.fields?.file ?? error?.message ?? `Upload failed (${response.status})`);
  }
  return body as UploadedImage;
}
