/**
 * The compliance message under the caption and the caption with its flagged terms marked
 * (content-library spec 5 "Compliance": 'Use flagged terms with caution. Consider
 * rephrasing.', 'Prohibited terms used. Please rephrase to share.', 'Too many flagged terms
 * used. Please rephrase to share.').
 */
import type { JSX } from 'react';
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { complianceMessageKey, type ComplianceValidateResponse } from '@chorus/core';
import { markSegments } from './caption-marks.ts';
import styles from './caption.module.css';

/** The message and marks of a compliance answer; nothing for a valid caption without flagged terms. */
export function ComplianceNotice(props: { content: string; result: ComplianceValidateResponse | null }): JSX.Element | null {
  const { t } = useTranslation(['captions']);
  const key = complianceMessageKey(props.result?.type_id ?? null);
  if (props.result === null || key === null) return null;
  const segments = markSegments(props.content, props.result.matches);
  return (
    <div className={styles.compliance} data-testid="compliance-notice">
      <MessageBar intent={key === 'flagged' ? 'warning' : 'error'} layout="multiline">
        <MessageBarBody>{t(`captions:compliance.${key}`)}</MessageBarBody>
      </MessageBar>
      <Text as="p" className={styles.marked}>
        {segments.map((segment, i) =>
          segment.kind === null ? (
            <span key={i}>{segment.text}</span>
          ) : (
            <mark
              key={i}
              className={segment.kind === 'prohibited' ? styles.markProhibited : styles.markLimited}
              title={t(segment.kind === 'prohibited' ? 'captions:compliance.markProhibited' : 'captions:compliance.markLimited', { term: segment.terms.join(', ') })}
            >
              {segment.text}
            </mark>
          ),
        )}
      </Text>
    </div>
  );
}
