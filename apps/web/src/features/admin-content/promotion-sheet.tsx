import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AdminPromotion } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { CheckboxField, SelectField, TextAreaField } from '../../components/ui/console-fields';
import { LanguageFields, translationValues } from '../../components/ui/language-tabs';
import { Field } from '../../components/ui/field';
import { TextField, useZodForm } from '../../components/ui/form';
import { Prose } from '../../components/ui/prose';
import { toast } from '../../components/ui/toast';
import { isoToLocalInput } from '../../lib/datetime-local';
import { planChoicesQueryOptions, uploadImage, useSavePromotion } from './api';
import { WindowFields } from './announcement-sheet';
import { instant, translationsField, whole } from './content-form';
import { ContentSheet } from './content-sheet';
import { useAdminContentMessages, type AdminContentT } from './messages';

type Image = { id: string; url: string };

const promotionSchema = (t: AdminContentT) =>
  z.object({
    title: z.string(),
    bodyMd: z.string(),
    translations: translationsField,
    startsAt: instant(t, true),
    endsAt: instant(t, true),
    planId: z.string().transform((value) => value || null),
    couponCode: z.string().transform((value) => value.trim() || null),
    priority: whole(t),
    active: z.boolean(),
  });

/** The sheet that writes a new promotion (row null) or edits one, with its image uploaded first. */
export function PromotionSheet({ row, onClose }: { row: AdminPromotion | null; onClose: () => void }) {
  const { t } = useAdminContentMessages();
  const save = useSavePromotion();
  const [image, setImage] = useState<Image | null>(row?.imageId && row.imageUrl ? { id: row.imageId, url: row.imageUrl } : null);
  const form = useZodForm(promotionSchema(t), {
    defaultValues: {
      title: row?.title ?? '',
      bodyMd: row?.bodyMd ?? '',
      translations: translationValues(['title', 'bodyMd'], row?.translations),
      startsAt: isoToLocalInput(row?.startsAt),
      endsAt: isoToLocalInput(row?.endsAt),
      planId: row?.planId ?? '',
      couponCode: row?.couponCode ?? '',
      priority: String(row?.priority ?? 0),
      active: row?.active ?? true,
    },
  });
  return (
    <ContentSheet
      title={t(row ? 'promotions.editTitle' : 'promotions.newTitle')}
      form={form}
      onSave={(body) =>
        save.mutateAsync({
          id: row?.id ?? null,
          body: { ...body, startsAt: body.startsAt!, endsAt: body.endsAt!, imageId: image?.id ?? null },
        })
      }
      onClose={onClose}
    >
      <PromotionTextFields />
      <PromotionImageField image={image} onImage={setImage} />
      <WindowFields />
      <PromotionLinkFields />
      <TextField name="priority" inputMode="numeric" label={t('common.priority')} hint={t('common.priorityHint')} />
      <CheckboxField name="active" label={t('common.active')} />
      {row ? <PromotionPreview html={row.bodyHtml} /> : null}
    </ContentSheet>
  );
}

/** The title and text, in every language. */
function PromotionTextFields() {
  const { t } = useAdminContentMessages();
  return (
    <LanguageFields fields={['title', 'bodyMd']}>
      {(name, lang) => (
        <>
          <TextField name={name('title')} label={t('promotions.name')} maxLength={120} autoComplete="off" lang={lang} />
          <TextAreaField
            name={name('bodyMd')}
            label={t('promotions.body')}
            hint={t('promotions.bodyHint')}
            rows={6}
            maxLength={10_000}
            lang={lang}
          />
        </>
      )}
    </LanguageFields>
  );
}

/** The image: chosen, uploaded at once, shown with a way to remove it. */
function PromotionImageField({ image, onImage }: { image: Image | null; onImage: (image: Image | null) => void }) {
  const { t } = useAdminContentMessages();
  const [imageError, setImageError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <Field
        id="promotion-image"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        label={t('promotions.image')}
        error={imageError}
        disabled={uploading}
        className="text-sm"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setImageError(undefined);
          setUploading(true);
          try {
            const uploaded = await uploadImage(file);
            onImage({ id: uploaded.id, url: uploaded.url });
            toast(t('promotions.imageUploaded'));
          } catch (error) {
            setImageError(error instanceof Error ? error.message : String(error));
          } finally {
            setUploading(false);
          }
        }}
      />
      {image ? (
        <div className="flex items-center gap-3">
          <img src={image.url} alt="" className="h-16 w-40 rounded-lg object-cover" />
          <Button variant="danger-outline" onClick={() => onImage(null)}>
            {t('promotions.imageRemove')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The plan the promotion links to and the coupon code it shows. */
function PromotionLinkFields() {
  const { t } = useAdminContentMessages();
  const plans = useQuery(planChoicesQueryOptions());
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        name="planId"
        label={t('promotions.plan')}
        options={[
          { value: '', label: t('promotions.noPlan') },
          ...(plans.data?.items ?? []).map((plan) => ({ value: plan.id, label: plan.name })),
        ]}
      />
      <TextField name="couponCode" label={t('promotions.coupon')} maxLength={40} autoComplete="off" />
    </div>
  );
}

/** The saved text as members see it. */
function PromotionPreview({ html }: { html: string }) {
  const { t } = useAdminContentMessages();
  return (
    <section aria-label={t('promotions.preview')} className="rounded-xl bg-gray-50 p-3 dark:bg-gray-800/60">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">{t('promotions.preview')}</h3>
      <Prose html={html} className="text-sm" />
    </section>
  );
}
