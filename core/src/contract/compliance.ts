/**
 * Compliance (content-library spec 3 "Compliance request" and "Compliance result", 5
 * "Compliance", 7 `/compliance/validate`, 8 error 470). Paths:
 *
 * - v1 `GET` and `PUT /api/v1/company/settings/compliance`: a company's lists, threshold and
 *   toggle (ADMIN of the company).
 * - v2 `POST /api/v2/compliance/validate`: checks a caption as the person types it.
 */
import { z } from 'zod';
import { ComplianceType } from '../domain/enums.ts';
import { CaptionText, ShareableNetworkIdSchema } from './share.ts';

/** Longest term, in characters. */
export const COMPLIANCE_TERM_MAX = 100;
/** Most terms per list (the 64 KB request body limit is usually reached first). */
export const COMPLIANCE_LIST_MAX = 10_000;
/** Highest threshold an admin may set. */
export const COMPLIANCE_THRESHOLD_MAX = 1000;

const Term = z.string().trim().min(1, 'A term may not be empty.').max(COMPLIANCE_TERM_MAX);

/** Body of `PUT` and answer of `GET /api/v1/company/settings/compliance`. */
export const ComplianceSettings = z.object({
  /** The company's `compliance_enabled` feature toggle. */
  enabled: z.boolean(),
  prohibited: z.array(Term).max(COMPLIANCE_LIST_MAX),
  limited: z.array(Term).max(COMPLIANCE_LIST_MAX),
  /** The most limited-term uses one caption may hold; more answers type 2. */
  threshold: z.number().int().min(0).max(COMPLIANCE_THRESHOLD_MAX),
});
export type ComplianceSettings = z.infer<typeof ComplianceSettings>;

/** The compliance result's type: null valid, 0 limited, 1 prohibited, 2 threshold exceeded. */
export const ComplianceTypeId = z.union([
  z.null(),
  z.literal(ComplianceType.LIMITED),
  z.literal(ComplianceType.PROHIBITED),
  z.literal(ComplianceType.THRESHOLD),
]);

/** The editor's id of one check, echoed so it can ignore answers older than its latest. */
export const SessionIndex = z.union([z.string().max(100), z.number()]);

/** Body of `POST /api/v2/compliance/validate` (spec 3 "Compliance request"). */
export const ComplianceValidateRequest = z.object({
  post_id: z.coerce.number().int().positive(),
  network_id: ShareableNetworkIdSchema,
  content: CaptionText,
  session_index: SessionIndex,
});
export type ComplianceValidateRequest = z.input<typeof ComplianceValidateRequest>;

/** One flagged term in the caption: [start, end) in UTF-16 units, for marking it. */
export const ComplianceMark = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  term: z.string(),
  kind: z.enum(['prohibited', 'limited']),
});
export type ComplianceMark = z.infer<typeof ComplianceMark>;

/** Answer of `POST /api/v2/compliance/validate` (spec 3 "Compliance result"; `matches` is ours). */
export const ComplianceValidateResponse = z.object({
  type_id: ComplianceTypeId,
  content_metadata: z.object({
    content_limited_set: z.array(z.string()),
    content_prohibited_set: z.array(z.string()),
  }),
  session_index: SessionIndex,
  matches: z.array(ComplianceMark),
});
export type ComplianceValidateResponse = z.infer<typeof ComplianceValidateResponse>;

/** The editor's message for a result, as a key under `compliance.` of the `captions` namespace, or null for none. */
export function complianceMessageKey(typeId: ComplianceType | null): 'flagged' | 'prohibited' | 'threshold' | null {
  if (typeId === ComplianceType.LIMITED) return 'flagged';
  if (typeId === ComplianceType.PROHIBITED) return 'prohibited';
  if (typeId === ComplianceType.THRESHOLD) return 'threshold';
  return null;
}
