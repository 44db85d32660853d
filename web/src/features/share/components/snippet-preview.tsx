import { useId } from 'react';
import type { JSX } from 'react';
import { Radio, RadioGroup, Skeleton, SkeletonItem, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Post, SnippetChoice } from '@chorus/core';
import { usePostSnippet } from '../api/share-api.ts';
import styles from './share-modal.module.css';

/** The snippet a share sends: the preview with the chosen image, or null while there is none. */
export function snippetChoice(snippet: { title: string | null; description: string | null; domain: string | null; stub: boolean } | undefined, image: string | null): SnippetChoice | null {
  if (!snippet || snippet.stub) return null;
  return { title: snippet.title, description: snippet.description, domain: snippet.domain, image };
}

/**
 * The link preview (spec 2 "snippet preview with multi-image selection"): title, description,
 * domain and image; a post with several images offers them to choose from. A preview that could
 * not be made shows the post's title and 'A preview for this link could not be generated.'.
 */
export function SnippetPreview(props: { post: Post; image: string | null; onImageChange: (image: string) => void }): JSX.Element {
  const { t } = useTranslation(['share']);
  const { data, isPending } = usePostSnippet(props.post.id);
  const groupLabel = useId();
  if (isPending) {
    return (
      <Skeleton aria-label={t('share:snippet.label')}>
        <SkeletonItem size={72} />
      </Skeleton>
    );
  }
  const stub = data === undefined || data.stub;
  const image = props.image ?? data?.image ?? null;
  // The browser loads each image from our origin (previews); the share sends the chosen url.
  const previewOf = (src: string): string => data?.previews[data.images.indexOf(src)] ?? src;
  return (
    <section className={styles.snippet} aria-label={t('share:snippet.label')}>
      {!stub && image ? <img className={styles.snippetImage} src={previewOf(image)} alt="" /> : null}
      <div className={styles.snippetText}>
        <Text weight="semibold">{stub ? props.post.title : (data.title ?? props.post.title)}</Text>
        {stub ? (
          <Text size={200}>{t('share:snippet.stub')}</Text>
        ) : (
          <>
            {data.description ? <Text size={200}>{data.description}</Text> : null}
            {data.domain ? <Text size={200} className={styles.muted}>{data.domain}</Text> : null}
          </>
        )}
      </div>
      {!stub && data.images.length > 1 ? (
        <RadioGroup className={styles.imageChoices} layout="horizontal" aria-labelledby={groupLabel} value={image ?? ''} onChange={(_, value) => props.onImageChange(value.value)}>
          <span id={groupLabel} className={styles.imageChoicesLabel}>
            {t('share:snippet.chooseImage')}
          </span>
          {data.images.map((src, index) => (
            <Radio
              key={src}
              value={src}
              aria-label={t('share:snippet.imageOption', { index: index + 1, count: data.images.length })}
              label={<img className={styles.imageChoice} src={previewOf(src)} alt="" />}
            />
          ))}
        </RadioGroup>
      ) : null}
    </section>
  );
}
