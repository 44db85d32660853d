import type { JSX } from 'react';
import { Link, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/router-link.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import styles from './legal.module.css';

/** The two public documents and their sections, in order (keys under `screens:legal.{doc}`). */
const SECTIONS = {
  privacy: ['who', 'collect', 'why', 'sharing', 'choices', 'contact'],
  terms: ['service', 'account', 'sharing', 'networks', 'ending', 'changes'],
} as const;

/** Which public document a legal route shows. */
export type LegalDocument = keyof typeof SECTIONS;

/**
 * `/legal/privacy` and `/legal/terms`: the product's privacy policy and terms of service,
 * public (linked from the signed-in Privacy screen, and readable before signing in).
 */
export function LegalRoute(props: { document: LegalDocument }): JSX.Element {
  const { t } = useTranslation(['screens']);
  const doc = props.document;
  const other: LegalDocument = doc === 'privacy' ? 'terms' : 'privacy';
  useDocumentTitle(t(`screens:legal.${doc}.title`));
  return (
    <main className={styles.page}>
      <article className={styles.article} aria-labelledby="legal-title">
        <Text as="p" weight="semibold" className={styles.product}>
          Chorus
        </Text>
        <Text as="h1" id="legal-title" size={800} weight="semibold" className={styles.title}>
          {t(`screens:legal.${doc}.title`)}
        </Text>
        <Text as="p" className={styles.updated}>
          {t('screens:legal.updated')}
        </Text>
        {SECTIONS[doc].map((section) => (
          <section key={section} className={styles.section} aria-labelledby={`legal-${section}`}>
            <Text as="h2" id={`legal-${section}`} size={500} weight="semibold" className={styles.heading}>
              {t(`screens:legal.${doc}.${section}.title`)}
            </Text>
            <Text as="p" className={styles.body}>
              {t(`screens:legal.${doc}.${section}.body`)}
            </Text>
          </section>
        ))}
        <nav aria-label={t('screens:legal.more')} className={styles.links}>
          <Link href={`/legal/${other}`}>{t(`screens:legal.${other}.title`)}</Link>
          <RouterLink to="/">{t('screens:legal.back')}</RouterLink>
        </nav>
      </article>
    </main>
  );
}
