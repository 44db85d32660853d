import { useId, useRef, useState } from 'react';
import type { ChangeEvent, ClipboardEvent, FormEvent, JSX } from 'react';
import { Button, Field, Spinner, Text, Textarea, ToggleButton } from '@fluentui/react-components';
import { Dismiss16Regular, ImageAdd20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { SUGGESTION_MAX_IMAGES, SUGGESTION_MAX_LENGTH, canSubmitSuggestion, firstLink } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { useSubmitSuggestion, useSuggestImages, type LinkImage } from '../api/suggest.ts';
import styles from './suggest-form.module.css';

/**
 * The suggest content form: text (a pasted link offers that page's images), images from the
 * link or uploaded, and submit (disabled while the text is empty, images or not, or while
 * sending); then a success message with 'Suggest more'.
 */
export function SuggestForm(props: { onDone?: () => void }): JSX.Element {
  const { t } = useTranslation(['library']);
  const notify = useNotify();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // unreadable: the look-up failed (the server refuses local addresses), unlike a page that has no images.
  const [linkImages, setLinkImages] = useState<{ url: string; images: LinkImage[]; unreadable: boolean } | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const images = useSuggestImages();
  const submit = useSubmitSuggestion();
  const imageCount = files.length + chosen.length;
  const full = imageCount >= SUGGESTION_MAX_IMAGES;

  const lookUpImages = (text: string): void => {
    const link = firstLink(text);
    if (link === null || link === linkImages?.url) return;
    setLinkImages({ url: link, images: [], unreadable: false });
    setChosen([]);
    images.mutate(link, {
      onSuccess: (found) => setLinkImages({ url: link, images: found, unreadable: false }),
      onError: () => setLinkImages({ url: link, images: [], unreadable: true }),
    });
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    lookUpImages(event.clipboardData.getData('text'));
  };

  const handleFiles = (event: ChangeEvent<HTMLInputElement>): void => {
    const picked = [...(event.target.files ?? [])].filter((file) => file.type.startsWith('image/'));
    setFiles((current) => [...current, ...picked].slice(0, SUGGESTION_MAX_IMAGES - chosen.length));
    event.target.value = '';
  };

  const toggleImage = (url: string): void => {
    setChosen((current) => (current.includes(url) ? current.filter((u) => u !== url) : full ? current : [...current, url]));
  };

  const reset = (): void => {
    setContent('');
    setFiles([]);
    setLinkImages(null);
    setChosen([]);
    setSent(false);
    submit.reset();
  };

  const handleSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (!canSubmitSuggestion(content, submit.isPending)) return;
    submit.mutate(
      { content, media: files, mediaUrls: chosen },
      { onSuccess: () => setSent(true), onError: () => notify.error(t('library:suggest.failed')) },
    );
  };

  if (sent) {
    return (
      <div className={styles.success}>
        <Text role="status" size={400} weight="semibold">
          {t('library:suggest.success')}
        </Text>
        <div className={styles.buttons}>
          <Button appearance="primary" onClick={reset}>
            {t('library:suggest.suggestMore')}
          </Button>
          {props.onDone ? <Button onClick={props.onDone}>{t('library:suggest.close')}</Button> : null}
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} className={styles.form}>
      <Field label={t('library:suggest.contentLabel')} hint={t('library:suggest.contentHint')}>
        <Textarea
          value={content}
          maxLength={SUGGESTION_MAX_LENGTH}
          rows={5}
          resize="vertical"
          onPaste={handlePaste}
          onChange={(_event, data) => setContent(data.value)}
        />
      </Field>
      {linkImages ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('library:suggest.linkImages')}</legend>
          {images.isPending ? <Spinner size="tiny" label={t('library:suggest.findingImages')} /> : null}
          {!images.isPending && linkImages.images.length === 0 ? (
            <Text>{linkImages.unreadable ? t('library:suggest.linkUnreadable') : t('library:suggest.noImages')}</Text>
          ) : null}
          <ul className={styles.choices}>
            {linkImages.images.map(({ url, preview }, index) => (
              <li key={url}>
                <ToggleButton
                  className={styles.choice}
                  checked={chosen.includes(url)}
                  disabled={full && !chosen.includes(url)}
                  aria-label={t('library:suggest.useImage', { number: index + 1 })}
                  onClick={() => toggleImage(url)}
                >
                  <img src={preview} alt="" className={styles.thumb} />
                </ToggleButton>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div className={styles.files}>
        <input
          ref={fileInput}
          id={fileInputId}
          type="file"
          accept="image/*"
          multiple
          tabIndex={-1}
          aria-label={t('library:suggest.filesLabel')}
          className={styles.fileInput}
          onChange={handleFiles}
          disabled={full}
        />
        <Button icon={<ImageAdd20Regular />} disabled={full} onClick={() => fileInput.current?.click()}>
          {t('library:suggest.filesLabel')}
        </Button>
        <Text size={200}>{t('library:suggest.maxImages', { count: SUGGESTION_MAX_IMAGES })}</Text>
        {files.length > 0 ? (
          <ul className={styles.fileList}>
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className={styles.file}>
                <Text size={200}>{file.name}</Text>
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<Dismiss16Regular />}
                  aria-label={t('library:suggest.removeFile', { name: file.name })}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={!canSubmitSuggestion(content, submit.isPending)}>
          {submit.isPending ? t('library:suggest.sending') : t('library:suggest.submit')}
        </Button>
      </div>
    </form>
  );
}
