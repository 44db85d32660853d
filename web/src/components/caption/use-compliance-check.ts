/**
 * The caption's compliance check as the person types (content-library spec 5 "Compliance"):
 * only with the company's compliance on, 500 ms after the last change, answers to older checks
 * ignored; empty content is valid and clears the marks. A failed check leaves the caption
 * valid here: the server checks again when it is shared (470).
 */
import { useEffect, useRef, useState } from 'react';
import { COMPLIANCE_DEBOUNCE_MS, isComplianceValid, validateCompliance, type ComplianceValidateResponse, type ShareableNetworkId } from '@chorus/core';
import { api } from '../../lib/api.ts';
import { ComplianceSessions } from './compliance-sessions.ts';

/** The latest answer about the caption, and whether it may be shared. */
export interface ComplianceState {
  result: ComplianceValidateResponse | null;
  valid: boolean;
}

/** Checks `content` for the post and network. */
export function useComplianceCheck(options: { enabled: boolean; postId: number; networkId: ShareableNetworkId; content: string }): ComplianceState {
  const { enabled, postId, networkId, content } = options;
  const sessions = useRef<ComplianceSessions | null>(null);
  const [answer, setAnswer] = useState<{ content: string; result: ComplianceValidateResponse } | null>(null);
  const blank = content.trim() === '';

  useEffect(() => {
    sessions.current ??= new ComplianceSessions();
    const tracker = sessions.current;
    if (!enabled || blank) {
      tracker.clear();
      return undefined;
    }
    const timer = window.setTimeout(() => {
      const index = tracker.next();
      validateCompliance(api(), { post_id: postId, network_id: networkId, content, session_index: index })
        .then((result) => {
          if (tracker.isLatest(result.session_index)) setAnswer({ content, result });
        })
        .catch(() => undefined);
    }, COMPLIANCE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, blank, postId, networkId, content]);

  // An answer about other text still holds until the next one arrives, except for empty text.
  const result = enabled && !blank && answer !== null ? answer.result : null;
  return { result, valid: isComplianceValid(result?.type_id ?? null) };
}
